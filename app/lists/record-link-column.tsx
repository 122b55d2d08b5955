import type * as React from "react";
import { Link } from "react-router";
import type { DataTableColumn } from "./data-table-columns";

/** A column whose cell names the row's record and links to its page: most lists' first column. */
export function recordLinkColumn<Row>({
  id,
  header,
  sortable,
  href,
  text,
}: {
  id: string;
  header: string;
  sortable?: boolean;
  href: (row: Row) => string;
  text: (row: Row) => React.ReactNode;
}): DataTableColumn<Row> {
  return {
    id,
    header,
    ...(sortable ? { sortable } : {}),
    cell: (row) => (
      <Link to={href(row)} className="font-medium hover:underline">
        {text(row)}
      </Link>
    ),
  };
}
