import * as React from "react";

import { cn } from "~/ui/class-names";

export type SkipLinkProps = Omit<React.ComponentProps<"a">, "href"> & {
  /** The id of the main landmark; give that element `tabIndex={-1}` so focus moves there too. */
  targetId?: string;
};

/** First focusable element on the page: lets keyboard users jump past the navigation. */
export function SkipLink({
  targetId = "main-content",
  className,
  children = "Skip to content",
  ...props
}: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      data-slot="skip-link"
      className={cn(
        "sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-background",
        className,
      )}
      {...props}
    >
      {children}
    </a>
  );
}
