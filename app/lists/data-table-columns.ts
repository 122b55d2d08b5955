import type * as React from "react";

/** A column of the data table: what its header says and how a row's cell reads. */
export type DataTableColumn<Row> = {
  /** Also the `sort` value in the URL when `sortable`. */
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  sortable?: boolean;
  /** Hidden header text (e.g. "Actions" over an icon column) stays readable to screen readers. */
  srOnlyHeader?: boolean;
  className?: string;
};

/** The rows ticked in a table's select column, kept by the page (bulk actions read them). */
export type DataTableSelection<Row> = {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** Accessible name of a row's checkbox, e.g. "Select Rosa Delgado". */
  rowLabel: (row: Row) => string;
};

/** The select column's id, before the table's own columns. */
export const SELECT_COLUMN_ID = "__select";

/** A row's key when the table names none: its record's id (every record is keyed by a UUID). */
export function recordIdOf(row: unknown): string {
  if (typeof row === "object" && row !== null && "id" in row && typeof row.id === "string") return row.id;
  throw new Error("This table's rows have no id: give the table a getRowId");
}
