import * as React from "react";
import { ChevronDownIcon } from "lucide-react";

import { cn } from "~/ui/class-names";

export type NativeSelectProps = React.ComponentProps<"select"> & {
  /** Classes for the wrapper (width, margins); `className` styles the `<select>` itself. */
  wrapperClassName?: string;
};

/** A styled native `<select>`: works without JavaScript and uses the platform picker on mobile. */
export function NativeSelect({ className, wrapperClassName, ...props }: NativeSelectProps) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative w-full", wrapperClassName)}>
      <select
        data-slot="native-select"
        className={cn(
          "h-10 w-full min-w-0 appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground shadow-xs transition-colors outline-none md:text-sm",
          "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
          "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30",
          "disabled:cursor-not-allowed disabled:opacity-50",
          className,
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export function NativeSelectOption(props: React.ComponentProps<"option">) {
  return <option data-slot="native-select-option" {...props} />;
}

export function NativeSelectOptGroup(props: React.ComponentProps<"optgroup">) {
  return <optgroup data-slot="native-select-optgroup" {...props} />;
}
