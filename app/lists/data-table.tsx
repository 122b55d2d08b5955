import * as React from "react";
import { getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type VisibilityState } from "@tanstack/react-table";
import { useNavigate } from "react-router";
import { cn } from "~/ui/class-names";
import { TableBody, TableCell, TableHeader, TableRow } from "~/ui/table";
import { recordIdOf, SELECT_COLUMN_ID, type DataTableColumn, type DataTableSelection } from "./data-table-columns";
import { ColumnHead, SelectAllHead } from "./data-table-head";
import type { TableSort } from "./list-view";
import type { TableId } from "./table-columns";
import { ColumnsMenu, useHiddenColumns } from "./table-columns-menu";
import { useRowKeys } from "./table-row-keys";

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
 *   <DataTablePager previousCursor={…} nextCursor={…} />  (table-pager.tsx)
 *
 * Laid out for a laptop: compact rows and controls; the table scrolls inside its own box (never
 * widening the page), and its header and first column (the row's name, after the select box) stay
 * in view while it does. With a `tableId` it offers the "Columns" menu: the admin's hidden columns
 * are saved on the server (app/admin/table-preferences.server.ts), given to every table by the
 * admin layout's loader (`TableColumnPreferences`), so the first render already leaves them out.
 */
export type DataTableProps<Row> = {
  rows: Row[];
  columns: DataTableColumn<Row>[];
  /** A row's key; by default its record's `id`. */
  getRowId?: (row: Row) => string;
  /** The sort the loader applied; sortable headers link to the next one. */
  sort?: TableSort;
  selection?: DataTableSelection<Row>;
  /** Clicking a row (outside links, buttons and inputs) opens this page. */
  rowHref?: (row: Row) => string;
  emptyMessage: React.ReactNode;
  /** The table's accessible name. */
  label: string;
  busy?: boolean;
  /** Which table this is, for the "Columns" menu and the admin's saved choice; without it, every column shows and there is no menu. */
  tableId?: TableId;
  /** The page's list: `j`/`k` move through its rows and Enter opens one (list-keys.ts). One per page. */
  keyboard?: boolean;
};

/**
 * Whether the table's box scrolls (a phone's width, a long page): it then takes the focus, so the
 * keyboard can scroll it too (WCAG 2.1.1; a table of plain text has nothing else to focus).
 */
function useScrolls(box: React.RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = React.useState(false);
  React.useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && Boolean(target.closest("a, button, input, select, textarea, label, [role=menuitem], [role=dialog]"));
}

export function DataTable<Row>({
  rows,
  columns,
  getRowId = recordIdOf,
  sort,
  selection,
  rowHref,
  emptyMessage,
  label,
  busy = false,
  tableId,
  keyboard = false,
}: DataTableProps<Row>) {
  const navigate = useNavigate();
  const tableRef = React.useRef<HTMLTableElement>(null);
  const boxRef = React.useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(boxRef);
  const openRow = React.useCallback(
    (index: number, element: HTMLTableRowElement) => {
      const row = rows[index];
      if (rowHref && row) void navigate(rowHref(row));
      else element.querySelector<HTMLAnchorElement>("a[href]")?.click();
    },
    [rows, rowHref, navigate],
  );
  useRowKeys(tableRef, keyboard && rows.length > 0, openRow);
  const { hidden, save } = useHiddenColumns(tableId);
  const firstColumnId = columns[0]?.id;

  const columnVisibility: VisibilityState = {};
  for (const columnId of hidden) columnVisibility[columnId] = false;

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
      defs.unshift({
        id: SELECT_COLUMN_ID,
        header: "Select",
        cell: () => null,
      });
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
    state: { rowSelection, columnVisibility },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      const next = typeof updater === "function" ? updater(rowSelection) : updater;
      selection.onChange(Object.keys(next).filter((id) => next[id]));
    },
  });

  // The body's cells are written per visible column, not through TanStack's cell objects (a page
  // of 25 rows and 13 columns has 325 cells, and the server renders each page once: decision 027).
  // What every cell and row looks like is app.css's, keyed by the table's data-slot and the sticky
  // cells' data-sticky, not classes repeated on each of them (decisions 038 and 042).
  const visibleColumns = table.getVisibleLeafColumns();
  const bodyCells = visibleColumns.map((leaf) => {
    if (leaf.id === SELECT_COLUMN_ID && selection) return { column: null, className: undefined, sticky: "select" as const };
    const column = leaf.columnDef.meta as DataTableColumn<Row>;
    return { column, className: column.className, sticky: column.id === firstColumnId ? ("first" as const) : undefined };
  });
  const rowModel = table.getRowModel();

  const pageIds = rows.map(getRowId);

  return (
    <div className="grid gap-2">
      {tableId ? (
        <div className="flex justify-end">
          <ColumnsMenu tableId={tableId} label={label} columns={columns} hidden={hidden} onChange={save} />
        </div>
      ) : null}
      {/* Scrolls both ways inside its box, at most a screen tall, so the sticky header and first
          column have a box to stick to (a sticky header cannot stick to the page from inside a box
          that scrolls sideways). */}
      <div
        ref={boxRef}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? "region" : undefined}
        aria-label={scrolls ? `${label}, scrolls` : undefined}
        data-slot="table-container"
        className="@container relative max-h-[calc(100dvh-5rem)] overflow-auto overscroll-x-contain rounded-lg border bg-background lg:max-h-[calc(100dvh-2rem)]"
        aria-busy={busy}
      >
        <table
          ref={tableRef}
          data-slot="data-table"
          data-row-links={rowHref ? "" : undefined}
          aria-label={label}
          className={cn(
            "w-full border-separate border-spacing-0 text-[0.8125rem]",
            // Compact rows: smaller padding (app.css), and the controls in cells (the row menu) one size down.
            "[&_td]:border-b [&_th]:border-b [&_tbody_tr:last-child_td]:border-b-0 [&_td_button[aria-haspopup=menu]]:size-7",
          )}
        >
          <TableHeader className="[&_tr]:border-b-0">
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) =>
                  header.column.id === SELECT_COLUMN_ID && selection ? (
                    <SelectAllHead key={header.id} selection={selection} pageIds={pageIds} />
                  ) : (
                    <ColumnHead
                      key={header.id}
                      column={header.column.columnDef.meta as DataTableColumn<Row>}
                      sort={sort}
                      first={header.column.id === firstColumnId}
                    />
                  ),
                )}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {rowModel.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={visibleColumns.length} className="p-0">
                  {/* Centred in the box's visible width (a container query on the box), not the table's,
                      and held at its left edge: on a phone, a wide table's message stays on the screen. */}
                  <div className="sticky left-0 w-[100cqw] px-4 py-10 text-center whitespace-normal text-muted-foreground">{emptyMessage}</div>
                </TableCell>
              </TableRow>
            ) : (
              rowModel.rows.map((row) => {
                const selected = row.getIsSelected();
                return (
                  <tr
                    key={row.id}
                    data-state={selected ? "selected" : undefined}
                    tabIndex={keyboard ? -1 : undefined}
                    onClick={
                      rowHref
                        ? (event) => {
                            if (!isInteractive(event.target)) void navigate(rowHref(row.original));
                          }
                        : undefined
                    }
                  >
                    {bodyCells.map((cell) => {
                      if (!cell.column) {
                        return (
                          <td key={SELECT_COLUMN_ID} data-sticky={cell.sticky}>
                            <input
                              type="checkbox"
                              aria-label={selection?.rowLabel(row.original)}
                              checked={selected}
                              onChange={row.getToggleSelectedHandler()}
                            />
                          </td>
                        );
                      }
                      return (
                        <td key={cell.column.id} data-sticky={cell.sticky} className={cell.className}>
                          {/* Called, not rendered through flexRender: a cell function is rebuilt with the
                            columns on every render, and as a component type it would remount the cell's
                            contents each time (losing fetchers and open menus, and looping re-renders). */}
                          {cell.column.cell(row.original)}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </TableBody>
        </table>
      </div>
    </div>
  );
}

