import * as React from "react";

import { cn } from "~/ui/class-names";

/**
 * One styled part of a component kit (a dialog's title, a table's row, a menu's separator): the
 * element or Radix part, named by its `data-slot`, with its own classes and the caller's
 * `className` after them. Each kit lists its plain parts this way instead of writing the same
 * wrapper once per part; a part with props of its own stays a function in its kit.
 */
export function slotted<T extends React.ElementType>(part: T, slot: string, classes?: string) {
  const Part: React.ElementType = part;
  function SlottedPart({ className, ...props }: React.ComponentProps<T> & { className?: string }) {
    // A part whose look is app.css's alone (keyed by its data-slot) writes no empty `class`.
    return <Part data-slot={slot} className={cn(classes, className) || undefined} {...props} />;
  }
  SlottedPart.displayName = slot;
  return SlottedPart;
}
