import * as React from "react";
import ChevronDownIcon from "lucide-react/icons/chevron-down";

import { cn } from "~/ui/class-names";

export type NativeSelectProps = React.ComponentProps<"select"> & {
  /** The wrapper's width (and margins), in place of the default full width. */
  wrapperClassName?: string;
  /**
   * The small select that sits in a table row: one element, styled by app.css (its chevron drawn
   * as its background), since a page of rows has one per row (decision 038). Its width is the
   * table's; `wrapperClassName` does not apply.
   */
  compact?: boolean;
};

/** A styled native `<select>`: works without JavaScript and uses the platform picker on mobile. */
export function NativeSelect({ className, wrapperClassName, compact = false, ...props }: NativeSelectProps) {
  if (compact) return <select data-slot="native-select" data-size="compact" className={className} {...props} />;
  // The select's and the chevron's look is app.css's (`[data-slot=native-select-wrapper]`).
  return (
    <div data-slot="native-select-wrapper" className={cn("relative", wrapperClassName ?? "w-full")}>
      <select data-slot="native-select" className={className} {...props} />
      <ChevronDownIcon aria-hidden="true" />
    </div>
  );
}

export function NativeSelectOption(props: React.ComponentProps<"option">) {
  return <option {...props} />;
}

/** A choice of a select: a plain value is its own label. */
export type NativeSelectChoice = string | { value: string | number; label: React.ReactNode };

/** The `<option>`s of a list of choices, in their order. */
export function NativeSelectOptions({ options }: { options: readonly NativeSelectChoice[] }) {
  return (
    <>
      {options.map((option) => {
        const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
        return (
          <NativeSelectOption key={value} value={value}>
            {label}
          </NativeSelectOption>
        );
      })}
    </>
  );
}

export function NativeSelectOptGroup(props: React.ComponentProps<"optgroup">) {
  return <optgroup data-slot="native-select-optgroup" {...props} />;
}

/** A choice among labelled options, with an empty first choice ("—") for none. */
export function OptionSelect({
  options,
  emptyLabel = "—",
  defaultValue,
  ...props
}: Omit<NativeSelectProps, "children" | "defaultValue"> & {
  options: readonly { value: string; label: string }[];
  emptyLabel?: string;
  defaultValue?: string | null | undefined;
}) {
  return (
    <NativeSelect defaultValue={defaultValue ?? ""} {...props}>
      <NativeSelectOption value="">{emptyLabel}</NativeSelectOption>
      <NativeSelectOptions options={options} />
    </NativeSelect>
  );
}
