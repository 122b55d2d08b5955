import * as React from "react";

import { cn } from "~/ui/class-names";
import { slotted } from "~/ui/slotted";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

export const TableHeader = slotted("thead", "table-header", "[&_tr]:border-b");

export const TableBody = slotted("tbody", "table-body", "[&_tr:last-child]:border-0");

const TABLE_ROW_CLASSES = "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted";
const TABLE_CELL_CLASSES = "p-3 align-middle [&:has([role=checkbox])]:pr-0";

export const TableRow = slotted("tr", "table-row", TABLE_ROW_CLASSES);

/** Defaults `scope="col"`; pass `scope="row"` for row headers. Its look is app.css's (`[data-slot=table-head]`). */
export function TableHead({ scope = "col", ...props }: React.ComponentProps<"th">) {
  return <th data-slot="table-head" scope={scope} {...props} />;
}

export const TableCell = slotted("td", "table-cell", TABLE_CELL_CLASSES);
