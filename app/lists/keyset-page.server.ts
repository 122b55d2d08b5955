import { and, asc, desc, sql, type AnyColumn, type InferSelectModel, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "~/db/connection.server";
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor, type SortDirection } from "./list-view";
import { isRecordId } from "~/forms/record-id";

/**
 * The one keyset pager of the back-office's lists (decision 003): a page is found from the row it
 * follows, so page 1000 costs what page 1 costs. The list says what it is ordered by; this cuts the
 * page, reads backwards for "Previous", and writes the cursors of the page's first and last rows.
 */
export type KeysetOrder = {
  /** The sort column (or expression), then a unique tie-breaker: together they order every row. */
  by: AnyColumn | SQL;
  tieBreaker: AnyColumn;
  direction: SortDirection;
  /** How a cursor's value compares with `by`: a time (ISO instant), a calendar date or text. */
  valueKind: "time" | "date" | "text";
  /** The tie-breaker is a record id (a UUID) unless said otherwise (an e-mail address, say). */
  tieBreakerKind?: "record-id" | "text";
};

export type KeysetPageRequest = { after?: string | null; before?: string | null; size: number };

/** What a list's service is asked for: the page its URL names (the cursors) and, for tests, another size. */
export type PageQuery = { after?: string | null; before?: string | null; pageSize?: number };

/** The page a query asks for, of the list's own size unless the query gives another. */
export function pageRequest(query: PageQuery, size: number): KeysetPageRequest {
  return { after: query.after, before: query.before, size: query.pageSize ?? size };
}

export type KeysetPage<Row> = {
  rows: Row[];
  /** Cursor for the next page, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for the previous page, or null on the first page. */
  previousCursor: string | null;
};

/** What the list's query gets: the rows beyond the cursor (none on page 1), the order, how many. */
export type KeysetRead<Row> = (slice: { beyond: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A cursor this list can compare with its rows, or null: an edited link is page 1, never a database error. */
function readCursor(raw: string | null | undefined, order: KeysetOrder): KeysetCursor | null {
  const cursor = decodeKeysetCursor(raw);
  if (!cursor) return null;
  if ((order.tieBreakerKind ?? "record-id") === "record-id" ? !isRecordId(cursor.id) : cursor.id.length > 320) return null;
  const { value } = cursor;
  if (order.valueKind === "time" && !(typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))) return null;
  if (order.valueKind === "date" && !(typeof value === "string" && DATE.test(value))) return null;
  if (order.valueKind === "text" && typeof value !== "string") return null;
  return cursor;
}

function cursorValue(order: KeysetOrder, value: string | null): SQL {
  if (order.valueKind === "time") return sql`${value}::timestamptz`;
  if (order.valueKind === "date") return sql`${value}::date`;
  return sql`${value}`;
}

/** Rows strictly beyond the boundary row in the reading direction: `(by, id) > / < (value, id)`. */
function beyondCondition(order: KeysetOrder, cursor: KeysetCursor, reading: SortDirection): SQL {
  const id = (order.tieBreakerKind ?? "record-id") === "record-id" ? sql`${cursor.id}::uuid` : sql`${cursor.id}`;
  const value = cursorValue(order, cursor.value);
  return reading === "desc"
    ? sql`(${order.by}, ${order.tieBreaker}) < (${value}, ${id})`
    : sql`(${order.by}, ${order.tieBreaker}) > (${value}, ${id})`;
}

export async function keysetPage<Row>(
  request: KeysetPageRequest,
  order: KeysetOrder,
  read: KeysetRead<Row>,
  positionOf: (row: Row) => KeysetCursor,
): Promise<KeysetPage<Row>> {
  const after = readCursor(request.after, order);
  const before = after ? null : readCursor(request.before, order);
  const boundary = after ?? before;
  // Going back, read the rows before the boundary in the opposite order, then turn them round.
  const reading: SortDirection = before ? (order.direction === "asc" ? "desc" : "asc") : order.direction;
  const sortBy = reading === "desc" ? desc : asc;
  const rows = await read({
    beyond: boundary ? beyondCondition(order, boundary, reading) : undefined,
    orderBy: [sortBy(order.by), sortBy(order.tieBreaker)],
    limit: request.size + 1,
  });
  const hasMore = rows.length > request.size;
  const page = rows.slice(0, request.size);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasPrevious = before ? hasMore : Boolean(after);
  const hasNext = before ? true : hasMore;
  return {
    rows: page,
    nextCursor: hasNext && last !== undefined ? encodeKeysetCursor(positionOf(last)) : null,
    previousCursor: hasPrevious && first !== undefined ? encodeKeysetCursor(positionOf(first)) : null,
  };
}

/**
 * One page of a list that shows a table's rows as they are (the add-ons, the referrals, the audit
 * log, the suppression list), those that meet `where` when it is given.
 */
export function tablePage<Table extends PgTable>(
  table: Table,
  request: KeysetPageRequest,
  order: KeysetOrder,
  positionOf: (row: InferSelectModel<Table>) => KeysetCursor,
  where?: SQL,
): Promise<KeysetPage<InferSelectModel<Table>>> {
  // Typed by the table: drizzle cannot infer a generic table's rows.
  const read: KeysetRead<InferSelectModel<Table>> = async ({ beyond, orderBy, limit }) =>
    (await db()
      .select()
      .from(table as PgTable)
      .where(and(where, beyond))
      .orderBy(...orderBy)
      .limit(limit)) as InferSelectModel<Table>[];
  return keysetPage(request, order, read, positionOf);
}

/** Every row of a list in its order, a batch at a time (its CSV export), through the same pager. */
export async function* keysetBatchesOf<Row>(
  order: KeysetOrder,
  read: KeysetRead<Row>,
  positionOf: (row: Row) => KeysetCursor,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const page: KeysetPage<Row> = await keysetPage({ after, size }, order, read, positionOf);
    if (page.rows.length > 0) yield page.rows;
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}
