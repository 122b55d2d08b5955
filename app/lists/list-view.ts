import { isRecordId } from "~/forms/record-id";
import { z } from "~/forms/zod";

/**
 * The URL is the whole view of a server-paged list: its filters, sort, direction and the keyset
 * cursor live in the search params, so reload, back and a shared link show the same rows. Pure:
 * used by loaders (to read the view) and by the list (to build links).
 *
 * Params: the list's filters (each read by its schema, `readListView`), `sort` (a column id),
 * `dir` (`asc` | `desc`), `after` / `before` (an opaque cursor of the row a page starts after /
 * ends before).
 */
export type SortDirection = "asc" | "desc";
export type TableSort<Key extends string = string> = { key: Key; direction: SortDirection };

export const PAGING_PARAMS = ["after", "before"] as const;

/** The sort the URL asks for, if the column may be sorted; otherwise `fallback`. */
export function readTableSort<Key extends string>(
  params: URLSearchParams,
  sortable: readonly Key[],
  fallback: TableSort<Key>,
): TableSort<Key> {
  const key = params.get("sort");
  const dir = params.get("dir");
  const chosen = sortable.find((candidate) => candidate === key);
  if (!chosen) return fallback;
  return { key: chosen, direction: dir === "asc" ? "asc" : dir === "desc" ? "desc" : "asc" };
}

/** Keeps every other param (filters, search); drops the cursor, because a new order starts at page 1. */
export function sortHref(params: URLSearchParams, current: TableSort, columnKey: string): string {
  const next = new URLSearchParams(params);
  for (const name of PAGING_PARAMS) next.delete(name);
  const direction: SortDirection = current.key === columnKey && current.direction === "asc" ? "desc" : "asc";
  next.set("sort", columnKey);
  next.set("dir", direction);
  return `?${next.toString()}`;
}

export function pageHref(params: URLSearchParams, direction: "after" | "before", cursor: string): string {
  const next = new URLSearchParams(params);
  for (const name of PAGING_PARAMS) next.delete(name);
  next.set(direction, cursor);
  return `?${next.toString()}`;
}

/** A filter or search change: same view, new value, back to page 1. Empty values are removed from the URL. */
export function filterHref(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const name of PAGING_PARAMS) next.delete(name);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/**
 * Keyset cursors: the sort value and the id of a boundary row, base64url JSON
 * so any value (a name with commas, an ISO date) survives the URL.
 */
export type KeysetCursor = { value: string | null; id: string };

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  const json = JSON.stringify([cursor.value, cursor.id]);
  const bytes = new TextEncoder().encode(json);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * A cursor the database can compare with a row: its id a UUID and, when the list is sorted by a
 * time or date column, its value a time. An edited link is no cursor (the first page), never a
 * database error.
 */
export function decodeRowCursor(raw: string | null | undefined, valueIsTime: boolean): KeysetCursor | null {
  const cursor = decodeKeysetCursor(raw);
  if (!cursor || !isRecordId(cursor.id)) return null;
  if (valueIsTime && !(typeof cursor.value === "string" && /^\d{4}-\d{2}-\d{2}/.test(cursor.value) && !Number.isNaN(Date.parse(cursor.value)))) return null;
  return cursor;
}

export function decodeKeysetCursor(raw: string | null | undefined): KeysetCursor | null {
  if (!raw || raw.length > 2000) return null;
  try {
    const binary = atob(raw.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as unknown[];
    if (typeof id !== "string" || !(typeof value === "string" || value === null)) return null;
    return { value, id };
  } catch {
    return null;
  }
}

/**
 * A list's filters, each a URL param read by its own schema. A schema never fails: a value it
 * refuses falls back to "no filter" (`listParam`'s builders catch), so a hand-edited link still
 * shows a list.
 */
export type FilterSchemas = Record<string, z.ZodType<unknown, string | null>>;

export type ListView<Filters extends FilterSchemas, Key extends string> = { [Name in keyof Filters]: z.output<Filters[Name]> } & {
  sort: TableSort<Key>;
};

export type ListViewSpec<Filters extends FilterSchemas, Key extends string> = {
  /** What narrows the rows (a search, a status); also what can be of another shape (a layout). */
  filters: Filters;
  sort: { keys: readonly Key[]; fallback: TableSort<Key> };
  /** Params read like filters that do not narrow the rows (the projects' table or board). */
  notNarrowing?: readonly (keyof Filters)[];
};

/** The spec of a list shown in one order only (the audit log, newest first): its filters, and that order. */
export function listInOneOrder<Filters extends FilterSchemas, Key extends string>(filters: Filters, key: Key, direction: TableSort<Key>["direction"]): ListViewSpec<Filters, Key> {
  return { filters, sort: { keys: [key], fallback: { key, direction } } };
}

/** The one reader of a list's view from its URL: filters by their schemas, then the sort. */
export function readListView<Filters extends FilterSchemas, Key extends string>(
  params: URLSearchParams,
  spec: ListViewSpec<Filters, Key>,
): ListView<Filters, Key> {
  const view: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(spec.filters)) view[name] = schema.parse(params.get(name));
  view.sort = readTableSort(params, spec.sort.keys, spec.sort.fallback);
  return view as ListView<Filters, Key>;
}

/** The keyset page a list's URL asks for: the rows after ("Next") or before ("Previous") a cursor. */
export type PageCursors = { after: string | null; before: string | null };

/** The one reader of a list's page from its URL, beside its view. */
export function readPageCursors(params: URLSearchParams): PageCursors {
  return { after: params.get("after"), before: params.get("before") };
}

/** Whether any filter of a view narrows the list (its empty message then says "match"). */
export function isFilteredView<Filters extends FilterSchemas, Key extends string>(view: ListView<Filters, Key>, spec: ListViewSpec<Filters, Key>): boolean {
  const values: Record<string, unknown> = view;
  return Object.keys(spec.filters).some((name) => !spec.notNarrowing?.includes(name) && values[name] !== null && values[name] !== "");
}

/** The schemas a list's filters are made of; each answers its "no filter" value for anything it cannot read. */
export const listParam = {
  /** A search box (`q`): trimmed, at most 200 characters; "" for none. */
  search: () => z.string().nullable().transform((value) => (value ?? "").trim().slice(0, 200)),
  /** One of a list of values, or null for all. */
  oneOf: <const Value extends string>(values: readonly Value[]) =>
    z
      .string()
      .nullable()
      .transform((value): Value | null => values.find((candidate) => candidate === value) ?? null),
  /** One of a list of values, or the first (the list's default layout, say) for anything else. */
  choice: <const Value extends string>(values: readonly [Value, ...Value[]]) =>
    z
      .string()
      .nullable()
      .transform((value): Value => values.find((candidate) => candidate === value) ?? values[0]),
  /** A record's id (a client's invoices, say), or null. */
  recordId: () =>
    z
      .string()
      .nullable()
      .transform((value) => (isRecordId(value) ? value : null)),
  /** A value of a known shape that is not a fixed list (an e-mail type, an account's id), or null. */
  matching: (pattern: RegExp) =>
    z
      .string()
      .nullable()
      .transform((value) => (value !== null && pattern.test(value) ? value : null)),
  /** A calendar day ("2026-11-24") that exists, or null: one end of a day range. */
  day: () =>
    z
      .string()
      .nullable()
      .transform((value) => (value !== null && isCalendarDay(value) ? value : null)),
};

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
