import * as React from "react";
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type VisibilityState,
} from "@tanstack/react-table";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import Columns3 from "lucide-react/icons/columns-3";
import { Link, useNavigate, useSearchParams } from "react-router";

import { TABLE_COLUMNS_URL } from "./table-columns-form";
import { hiddenColumnsOf, isHideableColumn, toggleHiddenColumn, type HiddenColumnsByTable, type TableId } from "./table-columns";
import { useFormAction } from "~/forms/use-form-action";
import { Button, LinkButton } from "~/ui/button";
import { NativeCheckbox } from "~/ui/checkbox";
import { cn } from "~/ui/class-names";
import { pageHref, sortHref, type TableSort } from "./list-view";
import { movedRow, pageShortcut, type KeyPress } from "./list-keys";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/ui/dropdown-menu";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

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
 *
 * Laid out for a laptop: compact rows and controls; the table scrolls inside its own box (never
 * widening the page), and its header and first column (the row's name, after the select box) stay
 * in view while it does. With a `tableId` it offers the "Columns" menu: the admin's hidden columns
 * are saved on the server (app/admin/table-preferences.server.ts), given to every table by the
 * admin layout's loader (`TableColumnPreferences`), so the first render already leaves them out.
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

/** A row's key when the table names none: its record's id (every record is keyed by a UUID). */
export function recordIdOf(row: unknown): string {
  if (typeof row === "object" && row !== null && "id" in row && typeof row.id === "string") return row.id;
  throw new Error("This table's rows have no id: give the table a getRowId");
}

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

const SELECT_COLUMN_ID = "__select";

/** The signed-in admin's hidden columns, per table: provided by the admin layout from its loader. */
export const TableColumnPreferences = React.createContext<HiddenColumnsByTable>({});

/**
 * The columns hidden in this table: while a change is on its way, the one posted (so a column hides
 * at once); otherwise the admin's saved choice.
 */
function useHiddenColumns(tableId: TableId | undefined) {
  const saved = React.useContext(TableColumnPreferences);
  const form = useFormAction({
    intent: "hide-columns",
    key: `table-columns:${tableId ?? "none"}`,
  });
  const posted = form.fetcher.formData;
  const hidden = !tableId
    ? []
    : posted && posted.get("tableId") === tableId
      ? hiddenColumnsOf(tableId, posted.getAll("hidden").map(String))
      : (saved[tableId] ?? []);
  const save = (next: string[]) => {
    if (!tableId) return;
    const body = new FormData();
    body.set("intent", "hide-columns");
    body.set("tableId", tableId);
    for (const columnId of next) body.append("hidden", columnId);
    void form.fetcher.submit(body, {
      method: "post",
      action: TABLE_COLUMNS_URL,
    });
  };
  return { hidden, save };
}

/** "Columns": a menu of checkboxes, one per column that may be hidden; the first column shows, ticked and fixed. */
function ColumnsMenu<Row>({
  tableId,
  label,
  columns,
  hidden,
  onChange,
}: {
  tableId: TableId;
  label: string;
  columns: DataTableColumn<Row>[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const [first] = columns;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Columns of ${label}`} icon={Columns3}>
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {first ? (
          <DropdownMenuCheckboxItem checked disabled>
            {first.header}
          </DropdownMenuCheckboxItem>
        ) : null}
        {columns
          .filter((column) => isHideableColumn(tableId, column.id))
          .map((column) => (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={!hidden.includes(column.id)}
              // The menu stays open: several columns are usually changed together.
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(shown) => onChange(toggleHiddenColumn(tableId, hidden, column.id, shown === true))}
            >
              {column.header}
            </DropdownMenuCheckboxItem>
          ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What a key press was aimed at, as the shortcuts' rules read it. */
export function keyPressOf(event: KeyboardEvent): KeyPress {
  const target = event.target instanceof HTMLElement ? { tagName: event.target.tagName, isContentEditable: event.target.isContentEditable, type: event.target.getAttribute("type") } : null;
  return { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target };
}

/** A dialog or a menu has the keyboard: the page's shortcuts wait. */
export function keyboardIsTaken(): boolean {
  return document.querySelector("dialog[open], [role=menu]") !== null;
}

/**
 * `j`/`k` focus the next or previous row of the table (scrolled into view), Enter on a focused row
 * opens it: its `rowHref`, else the first link in it. Focus, not a highlight of our own, so a
 * screen reader reads the row and Tab goes on from it.
 */
function useRowKeys(tableRef: React.RefObject<HTMLTableElement | null>, enabled: boolean, open: (index: number, row: HTMLTableRowElement) => void) {
  React.useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || keyboardIsTaken()) return;
      const shortcut = pageShortcut(keyPressOf(event));
      const rows = [...(tableRef.current?.tBodies[0]?.rows ?? [])].filter((row) => row.tabIndex === -1);
      const focused = rows.findIndex((row) => row === document.activeElement);
      if (shortcut === "next" || shortcut === "previous") {
        const next = movedRow(focused === -1 ? null : focused, shortcut, rows.length);
        if (next === null) return;
        event.preventDefault();
        rows[next]?.focus({ preventScroll: true });
        rows[next]?.scrollIntoView({ block: "nearest" });
      } else if (shortcut === "open" && focused !== -1) {
        event.preventDefault();
        open(focused, rows[focused]!);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [tableRef, enabled, open]);
}

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
  const [searchParams] = useSearchParams();
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
  const selectedOnPage = pageIds.filter((id) => rowSelection[id]);
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;

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
        className="relative max-h-[calc(100dvh-5rem)] overflow-auto overscroll-x-contain rounded-lg border bg-background lg:max-h-[calc(100dvh-2rem)]"
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
                {group.headers.map((header) => {
                  if (header.column.id === SELECT_COLUMN_ID && selection) {
                    return (
                      <TableHead key={header.id} data-sticky="select">
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
                      data-sticky={column.id === firstColumnId ? "first" : undefined}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {column.sortable && sort ? (
                        <Link to={sortHref(searchParams, sort, column.id)} preventScrollReset>
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
            {rowModel.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={visibleColumns.length} className="py-10 text-center text-muted-foreground">
                  {emptyMessage}
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
        <PageLink params={searchParams} direction="before" cursor={previousCursor} label="Previous" />
        <PageLink params={searchParams} direction="after" cursor={nextCursor} label="Next" />
      </div>
    </nav>
  );
}

/** A step to the page before or after, shown disabled where there is none. */
function PageLink({ params, direction, cursor, label }: { params: URLSearchParams; direction: "before" | "after"; cursor: string | null | undefined; label: string }) {
  return cursor ? (
    <LinkButton to={pageHref(params, direction, cursor)} variant="outline" size="sm">
      {label}
    </LinkButton>
  ) : (
    <Button variant="outline" size="sm" disabled>
      {label}
    </Button>
  );
}
