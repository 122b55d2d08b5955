import * as React from "react";
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";

import { Button, buttonVariants } from "~/ui/button";
import { NativeCheckbox } from "~/ui/checkbox";
import { cn } from "~/ui/class-names";
import { pageHref, sortHref, type TableSort } from "~/ui/data-table-params";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

/**
 * The back-office's one data table: TanStack Table renders the rows the loader
 * already sorted, filtered and paged on the server. The URL is the state
 * (see data-table-params.ts): sortable headers are links that change `sort`
 * and `dir`, the pager links change `after` / `before`.
 *
 * Usage:
 *   const sort = readTableSort(url.searchParams, ["created", "name"], { key: "created", direction: "desc" }); // loader
 *   <DataTable rows={leads} getRowId={(l) => l.id} sort={sort} columns={[
 *     { id: "name", header: "Name", sortable: true, cell: (l) => l.name },
 *   ]} selection={{ selectedIds, onChange: setSelectedIds, rowLabel: (l) => l.name }} />
 *   <DataTablePager previousCursor={…} nextCursor={…} />
 */
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

export type DataTableSelection<Row> = {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** Accessible name of a row's checkbox, e.g. "Select Rosa Delgado". */
  rowLabel: (row: Row) => string;
};

export type DataTableProps<Row> = {
  rows: Row[];
  columns: DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  /** The sort the loader applied; sortable headers link to the next one. */
  sort?: TableSort;
  selection?: DataTableSelection<Row>;
  /** Clicking a row (outside links, buttons and inputs) opens this page. */
  rowHref?: (row: Row) => string;
  emptyMessage: React.ReactNode;
  /** The table's accessible name. */
  label: string;
  busy?: boolean;
};

const SELECT_COLUMN_ID = "__select";

function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && Boolean(target.closest("a, button, input, select, textarea, label, [role=menuitem], [role=dialog]"));
}

export function DataTable<Row>({
  rows,
  columns,
  getRowId,
  sort,
  selection,
  rowHref,
  emptyMessage,
  label,
  busy = false,
}: DataTableProps<Row>) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  const rowSelection: RowSelectionState = React.useMemo(() => {
    const state: RowSelectionState = {};
    for (const id of selection?.selectedIds ?? []) state[id] = true;
    return state;
  }, [selection?.selectedIds]);

  const columnDefs = React.useMemo<ColumnDef<Row>[]>(() => {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      cell: ({ row }) => column.cell(row.original),
      meta: column,
    }));
    if (selection) {
      defs.unshift({ id: SELECT_COLUMN_ID, header: "Select", cell: () => null });
    }
    return defs;
  }, [columns, selection]);

  // Justified: the React Compiler rule flags useReactTable because its instance returns new values
  // from the same functions, so it cannot be memoised. This component renders the instance fresh on
  // every render and memoises nothing derived from it, which is the use TanStack documents.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableRowSelection: Boolean(selection),
    state: { rowSelection },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      const next = typeof updater === "function" ? updater(rowSelection) : updater;
      selection.onChange(Object.keys(next).filter((id) => next[id]));
    },
  });

  const pageIds = rows.map(getRowId);
  const selectedOnPage = pageIds.filter((id) => rowSelection[id]);
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;

  return (
    <div className="rounded-lg border bg-background" aria-busy={busy}>
      <Table aria-label={label}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                if (header.column.id === SELECT_COLUMN_ID && selection) {
                  return (
                    <TableHead key={header.id} className="w-10">
                      <NativeCheckbox
                        aria-label="Select all on this page"
                        checked={allSelected}
                        ref={(element) => {
                          if (element) element.indeterminate = someSelected;
                        }}
                        onChange={(event) => {
                          const others = selection.selectedIds.filter((id) => !pageIds.includes(id));
                          selection.onChange(event.target.checked ? [...others, ...pageIds] : others);
                        }}
                      />
                    </TableHead>
                  );
                }
                const column = header.column.columnDef.meta as DataTableColumn<Row>;
                const sorted = sort?.key === column.id ? sort.direction : null;
                return (
                  <TableHead
                    key={header.id}
                    className={column.className}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {column.sortable && sort ? (
                      <Link
                        to={sortHref(searchParams, sort, column.id)}
                        className="inline-flex items-center gap-1 hover:text-foreground"
                        preventScrollReset
                      >
                        {column.header}
                        {sorted === "asc" ? (
                          <ArrowUp className="size-3.5" aria-hidden="true" />
                        ) : sorted === "desc" ? (
                          <ArrowDown className="size-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                        )}
                      </Link>
                    ) : column.srOnlyHeader ? (
                      <span className="sr-only">{column.header}</span>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columnDefs.length} className="py-10 text-center text-muted-foreground">
                {emptyMessage}
              </TableCell>
            </TableRow>
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow
                key={row.id}
                data-state={row.getIsSelected() ? "selected" : undefined}
                className={cn(rowHref && "cursor-pointer")}
                onClick={
                  rowHref
                    ? (event) => {
                        if (!isInteractive(event.target)) void navigate(rowHref(row.original));
                      }
                    : undefined
                }
              >
                {row.getVisibleCells().map((cell) => {
                  if (cell.column.id === SELECT_COLUMN_ID && selection) {
                    return (
                      <TableCell key={cell.id} className="w-10">
                        <NativeCheckbox
                          aria-label={selection.rowLabel(row.original)}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </TableCell>
                    );
                  }
                  const column = cell.column.columnDef.meta as DataTableColumn<Row>;
                  return (
                    <TableCell key={cell.id} className={column.className}>
                      {/* Called, not rendered through flexRender: a cell function is rebuilt with the
                          columns on every render, and as a component type it would remount the cell's
                          contents each time (losing fetchers and open menus, and looping re-renders). */}
                      {column.cell(row.original)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** Previous / Next by keyset cursor; each is a link, so the browser's back button pages back too. */
export function DataTablePager({
  previousCursor,
  nextCursor,
  summary,
}: {
  previousCursor: string | null;
  nextCursor: string | null;
  summary?: React.ReactNode;
}) {
  const [searchParams] = useSearchParams();
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4">
      <div className="text-sm text-muted-foreground">{summary}</div>
      <div className="flex gap-2">
        {previousCursor ? (
          <Link to={pageHref(searchParams, "before", previousCursor)} className={buttonVariants({ variant: "outline", size: "sm" })}>Previous</Link>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Previous
          </Button>
        )}
        {nextCursor ? (
          <Link to={pageHref(searchParams, "after", nextCursor)} className={buttonVariants({ variant: "outline", size: "sm" })}>Next</Link>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Next
          </Button>
        )}
      </div>
    </nav>
  );
}
