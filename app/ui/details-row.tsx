import type * as React from "react";

const LAYOUTS = {
  /** The value at the row's right end, as in a summary card. */
  spread: { row: "flex justify-between gap-4 py-1.5 text-sm", term: "text-muted-foreground", value: "text-right font-medium" },
  /** The label in a narrow column beside the value. */
  beside: { row: "grid grid-cols-[8rem_1fr] gap-2", term: "text-muted-foreground", value: "wrap-anywhere" },
  /** A small label above the value. */
  stacked: { row: "grid gap-0.5", term: "text-xs font-medium text-muted-foreground", value: "text-sm wrap-anywhere" },
};

/** One labelled value of a record's details (a `<dl>`'s term and description). */
export function DetailsRow({ label, layout, children }: { label: string; layout: keyof typeof LAYOUTS; children: React.ReactNode }) {
  const classes = LAYOUTS[layout];
  return (
    <div className={classes.row}>
      <dt className={classes.term}>{label}</dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}
