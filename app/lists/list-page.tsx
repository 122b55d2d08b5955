import Search from "lucide-react/icons/search";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { Form, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import { ConfirmDialog } from "~/forms/form-dialog";
import type { HiddenFields } from "~/forms/hidden-inputs";
import { Button, LinkButton } from "~/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/ui/dropdown-menu";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import { DataTable, DataTablePager, keyboardIsTaken, keyPressOf, recordIdOf, type DataTableColumn, type DataTableProps } from "./data-table";
import { pageShortcut } from "./list-keys";
import { filterHref, PAGING_PARAMS, type TableSort } from "./list-view";

/**
 * The one list page of the back-office: its header, its filters (kept in the URL), the
 * "N selected" bar with the bulk actions, the server-paged table, a row menu per row, and the
 * spec's delete confirmation ('You are about to delete N items.' 'This action cannot be undone.').
 * A list page gives its rows, columns and actions; the mechanics are here, once.
 */

/** The page's title, what it is for, and its actions ('Add Lead', 'Import'). */
export function ListHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export type ListFilterSelect = {
  name: string;
  label: string;
  /** The option that filters nothing ('All statuses'). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  /** The select's width class. */
  width?: string;
};

/** A day that bounds the rows (bookings from, to), read by `listParam.day()`. */
export type ListFilterDay = { name: string; label: string };

/**
 * A list's search and filters: a GET form, so the URL is the view and a reload or a shared link
 * shows the same rows. A select applies at once; the search and the days on Enter or the form's
 * button ('Search', or 'Filter' when there is no search box). The sort stays when the filters
 * change; the page goes back to the first.
 */
export function ListFilters({
  label,
  view,
  search,
  selects = [],
  days = [],
  keep = [],
}: {
  /** The form's accessible name ('Filter leads'). */
  label: string;
  view: { sort: TableSort } & Record<string, unknown>;
  search?: { placeholder: string };
  selects?: readonly ListFilterSelect[];
  days?: readonly ListFilterDay[];
  /** Other params of the view that the filters keep (a layout, say). */
  keep?: readonly string[];
}) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const formRef = React.useRef<HTMLFormElement>(null);
  const searchRef = React.useRef<HTMLInputElement>(null);
  const typing = React.useRef<number | undefined>(undefined);
  const fold = React.useContext(ListFold);
  const id = React.useId();
  const submitFilters = () => {
    if (formRef.current) void submit(formRef.current);
  };
  const cleared: Record<string, null> = { q: null };
  for (const filter of [...selects, ...days]) cleared[filter.name] = null;
  const current = (name: string) => {
    const value = view[name];
    return typeof value === "string" ? value : "";
  };
  const query = current("q");
  // The search the page shows now (the timer below reads it after renders its closure did not see).
  const shownQuery = React.useRef(query);
  React.useEffect(() => {
    shownQuery.current = query;
  }, [query]);
  // The search filters as it is typed (decision 050): a moment after the last key, the form goes
  // as a GET that replaces the history entry, so the URL holds the view and Back skips the keystrokes.
  const searchAsTyped = () => {
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      // Already the view's search (typed back, or sent with Enter meanwhile): nothing to go to.
      if (formRef.current && searchRef.current?.value.trim() !== shownQuery.current) void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, 250);
  };
  React.useEffect(() => () => window.clearTimeout(typing.current), []);
  // The box is not remounted per search (it would lose the caret mid-word): a search changed another
  // way (Clear, Back, a link) is written into it, unless it is being typed in.
  React.useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input && input.value !== query) input.value = query;
  }, [query]);
  // `/` focuses the search, wherever the page is (list-keys.ts); on a phone it unfolds the filters first.
  React.useEffect(() => {
    if (!search) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || keyboardIsTaken() || pageShortcut(keyPressOf(event)) !== "search") return;
      event.preventDefault();
      fold.unfold();
      requestAnimationFrame(() => {
        searchRef.current?.focus();
        searchRef.current?.select();
      });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [search, fold]);
  return (
    <Form ref={formRef} method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-2" onSubmit={() => window.clearTimeout(typing.current)}>
      {["sort", "dir", ...keep].map((name) => {
        const value = searchParams.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      {search ? (
        <div className="flex min-w-64 flex-1 gap-2">
          <label htmlFor={`${id}-q`} className="sr-only">
            {search.placeholder}
          </label>
          <div className="relative min-w-0 flex-1">
            <Input
              ref={searchRef}
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={query}
              placeholder={search.placeholder}
              maxLength={200}
              aria-keyshortcuts="/"
              aria-describedby={`${id}-q-keys`}
              className="pr-9"
              onChange={searchAsTyped}
            />
            <kbd id={`${id}-q-keys`} title="Press / to search" className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border bg-muted px-1.5 font-mono text-xs text-muted-foreground sm:block">
              <span className="sr-only">Press </span>/<span className="sr-only"> to search, j and k to move through the rows, Enter to open one</span>
            </kbd>
          </div>
          <Button type="submit" variant="secondary" icon={Search}>
            Search
          </Button>
        </div>
      ) : null}
      {selects.map((select) => (
        <NativeSelect
          key={`${select.name}:${current(select.name)}`}
          name={select.name}
          aria-label={select.label}
          defaultValue={current(select.name)}
          wrapperClassName={select.width ?? "w-44"}
          onChange={submitFilters}
        >
          <NativeSelectOption value="">{select.allLabel}</NativeSelectOption>
          {select.options.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      ))}
      {days.map((day) => (
        <label key={`${day.name}:${current(day.name)}`} className="grid gap-1 text-sm font-medium">
          {day.label}
          <Input name={day.name} type="date" defaultValue={current(day.name)} className="w-40" />
        </label>
      ))}
      {days.length > 0 && !search ? (
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      ) : null}
      {Object.keys(cleared).some((name) => current(name) !== "") ? (
        <LinkButton to={filterHref(searchParams, cleared)} variant="ghost">
          Clear
        </LinkButton>
      ) : null}
    </Form>
  );
}

/** The rows ticked on this page: rows that left the page (deleted, paged away) drop out. */
export function useRowSelection<Row>(rows: readonly Row[], getRowId: (row: Row) => string) {
  const [ticked, setSelectedIds] = React.useState<string[]>([]);
  const selectedIds = React.useMemo(() => {
    const onPage = new Set(rows.map(getRowId));
    return ticked.filter((id) => onPage.has(id));
  }, [ticked, rows, getRowId]);
  return { selectedIds, setSelectedIds, clear: () => setSelectedIds([]) };
}

/**
 * A row's "…" menu. Until it is first opened it is only its button: a page of 25 rows renders 25
 * buttons, not 25 menus (the server renders every page once; decision 027). `items` is called when
 * the menu opens.
 */
export function RowMenu({ label, items }: { label: string; items: () => React.ReactNode }) {
  const [mounted, setMounted] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  // One element per row, drawn by app.css (its icon a CSS mask): a page has one per row (decision 038).
  const trigger = <button type="button" data-slot="row-menu" aria-label={label} aria-haspopup="menu" aria-expanded={open} />;
  if (!mounted) {
    return React.cloneElement(trigger, {
      onClick: () => {
        setMounted(true);
        setOpen(true);
      },
    });
  }
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">{open ? items() : null}</DropdownMenuContent>
    </DropdownMenu>
  );
}

export type RowDeletion = {
  /** What a row is, as the confirmation names it: 'lead' and 'leads'. */
  noun: string;
  plural: string;
  /** Where the delete posts, its intent, and the field that carries the ids (repeated). */
  action: string;
  intent: string;
  field: string;
  /** What else goes or stays (under the spec's two sentences). */
  note?: React.ReactNode;
  fields?: HiddenFields;
};

/** The spec's delete confirmation, for one row or the selected ones. */
export function DeleteRowsDialog({
  rowIds,
  deletion,
  onOpenChange,
  onDeleted,
}: {
  rowIds: readonly string[] | null;
  deletion: RowDeletion;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const location = useLocation();
  // While it closes it still names the rows it asked about, not "0 items".
  const [asked, setAsked] = React.useState(rowIds);
  if (rowIds !== null && rowIds.join() !== asked?.join()) setAsked(rowIds);
  const count = (rowIds ?? asked)?.length ?? 0;
  return (
    <ConfirmDialog
      open={rowIds !== null}
      onOpenChange={onOpenChange}
      title={count === 1 ? `Delete this ${deletion.noun}?` : `Delete selected ${deletion.plural}?`}
      description={`You are about to delete ${count} ${count === 1 ? "item" : "items"}. This action cannot be undone.`}
      action={deletion.action}
      intent={deletion.intent}
      fields={{ ...deletion.fields, returnTo: `${location.pathname}${location.search}`, [deletion.field]: rowIds ?? [] }}
      confirmLabel="Delete"
      onSuccess={onDeleted}
    >
      {deletion.note ? <p className="text-sm text-muted-foreground">{deletion.note}</p> : null}
    </ConfirmDialog>
  );
}

/**
 * A row's 'Delete': or, for a row that may not be deleted, the same item shown disabled with the
 * reason under it. It stays focusable (aria-disabled rather than skipped), so a keyboard or a
 * screen reader reaches the reason too; choosing it does nothing and leaves the menu open.
 */
/** A row menu's Delete: or, where the row may not go, the item disabled with the reason in it (still reachable, so it is read). */
export function DeleteMenuItem({ refusal, onSelect }: { refusal: string | null; onSelect: () => void }) {
  const reasonId = React.useId();
  if (refusal === null) {
    return (
      <DropdownMenuItem variant="destructive" onSelect={onSelect}>
        Delete
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem
      aria-disabled="true"
      aria-label="Delete"
      aria-describedby={reasonId}
      className="max-w-64 flex-col items-start gap-0.5 text-muted-foreground"
      onSelect={(event) => event.preventDefault()}
    >
      <span className="opacity-60">Delete</span>
      <span id={reasonId} className="text-xs">
        {refusal}
      </span>
    </DropdownMenuItem>
  );
}

export type ListPageProps<Row> = {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  /** What sits between the header and the table: statistics, the filters (folded away on a phone). */
  children?: React.ReactNode;
  /** What must be read before the rows (a warning): above the figures and filters, never folded. */
  notices?: React.ReactNode;
  table: Omit<DataTableProps<Row>, "selection" | "busy">;
  pager: { previousCursor: string | null; nextCursor: string | null; summary?: React.ReactNode };
  /** Ticking rows: each box's name, and the actions of the "N selected" bar besides deleting. */
  selection?: { rowLabel: (row: Row) => string; actions?: (selectedIds: string[], clear: () => void) => React.ReactNode };
  /** A row's menu: its name, and its items above 'Delete'. */
  rowMenu?: { label: (row: Row) => string; items?: (row: Row) => React.ReactNode };
  /** Rows that may be deleted: 'Delete' in each row's menu and 'Delete Selected' in the bar. */
  deletion?: RowDeletion;
  /**
   * Why a row may not be deleted, when some may not (a template the product sends): its 'Delete'
   * shows disabled with this reason, and 'Delete Selected' leaves it out. Null: it may be deleted.
   */
  deleteRefusal?: (row: Row) => string | null;
  /** The page's own dialogs. */
  dialogs?: React.ReactNode;
};

/**
 * On a phone the figures and filters above a list fold away behind one button (decision 050), so
 * its first rows are on the first screen; `/` unfolds them to reach the search.
 */
const ListFold = React.createContext<{ unfold: () => void }>({ unfold: () => undefined });

/** The view's parameters that narrow it (not its sort or page), counted on the fold's button. */
function narrowingParams(params: URLSearchParams): number {
  return [...new Set(params.keys())].filter((name) => !["sort", "dir", ...PAGING_PARAMS].includes(name) && params.get(name) !== "").length;
}

export function FoldOnPhone({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = React.useState(false);
  const [searchParams] = useSearchParams();
  const id = React.useId();
  const narrowing = narrowingParams(searchParams);
  const fold = React.useMemo(() => ({ unfold: () => setShown(true) }), []);
  return (
    <ListFold.Provider value={fold}>
      <div className="md:hidden">
        <Button variant="outline" size="sm" aria-expanded={shown} aria-controls={id} onClick={() => setShown((open) => !open)} icon={SlidersHorizontal}>
          {shown ? "Hide figures and filters" : `Figures and filters${narrowing > 0 ? ` (${narrowing} on)` : ""}`}
        </Button>
      </div>
      <div id={id} className={shown ? "grid grid-cols-1 gap-6" : "grid grid-cols-1 gap-6 max-md:hidden"}>
        {children}
      </div>
    </ListFold.Provider>
  );
}

export function ListPage<Row>({ title, description, actions, children, notices, table, pager, selection, rowMenu, deletion, deleteRefusal = () => null, dialogs }: ListPageProps<Row>) {
  const navigation = useNavigation();
  const getRowId = table.getRowId ?? recordIdOf;
  const { selectedIds, setSelectedIds, clear } = useRowSelection(table.rows, getRowId);
  const [deleting, setDeleting] = React.useState<string[] | null>(null);
  const deletableIds = table.rows.filter((row) => selectedIds.includes(getRowId(row)) && deleteRefusal(row) === null).map(getRowId);
  const columns: DataTableColumn<Row>[] = rowMenu
    ? [
        ...table.columns,
        {
          id: "actions",
          header: "Actions",
          srOnlyHeader: true,
          cell: (row) => (
            <RowMenu
              label={rowMenu.label(row)}
              items={() => (
                <>
                  {rowMenu.items?.(row)}
                  {deletion ? (
                    <>
                      {rowMenu.items ? <DropdownMenuSeparator /> : null}
                      <DeleteMenuItem refusal={deleteRefusal(row)} onSelect={() => setDeleting([getRowId(row)])} />
                    </>
                  ) : null}
                </>
              )}
            />
          ),
        },
      ]
    : table.columns;
  return (
    <div className="grid grid-cols-1 gap-6">
      <ListHeader title={title} description={description} actions={actions} />
      {notices}
      {children ? <FoldOnPhone>{children}</FoldOnPhone> : null}
      {selection && selectedIds.length > 0 ? (
        <div className="flex items-center justify-between rounded-md border bg-muted/50 px-4 py-2">
          <p className="text-sm">{selectedIds.length} selected</p>
          <div className="flex flex-wrap gap-2">
            {selection.actions?.(selectedIds, clear)}
            {deletion && deletableIds.length > 0 ? (
              <Button variant="destructive" size="sm" onClick={() => setDeleting(deletableIds)} icon={Trash2}>
                Delete Selected
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <DataTable
        {...table}
        columns={columns}
        busy={navigation.state === "loading"}
        keyboard
        selection={selection ? { selectedIds, onChange: setSelectedIds, rowLabel: selection.rowLabel } : undefined}
      />
      <DataTablePager {...pager} />
      {deletion ? <DeleteRowsDialog rowIds={deleting} deletion={deletion} onOpenChange={(open) => !open && setDeleting(null)} onDeleted={clear} /> : null}
      {dialogs}
    </div>
  );
}

/** A list's link that keeps its view but leaves out the page (an export of exactly what is filtered). */
export function viewHref(path: string, params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of PAGING_PARAMS) kept.delete(name);
  return kept.size > 0 ? `${path}?${kept.toString()}` : path;
}
