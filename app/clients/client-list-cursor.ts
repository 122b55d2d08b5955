/**
 * Keyset paging of the clients list (newest first): a cursor is the (created_at, id) of the row a
 * page starts after or ends before, written into the URL so a reload or a shared link shows the
 * same page. created_at keeps its full microsecond precision (read as text from the database), so
 * rows made in the same millisecond are never skipped or repeated.
 */
export type ClientCursor = { createdAt: string; id: string };

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeClientCursor(cursor: ClientCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

/** Null for anything this app did not write (a tampered URL shows the first page). */
export function decodeClientCursor(value: string | null | undefined): ClientCursor | null {
  if (!value) return null;
  const [createdAt, id, ...rest] = value.split("_");
  if (rest.length > 0 || !createdAt || !id) return null;
  if (!timestampPattern.test(createdAt) || !uuidPattern.test(id)) return null;
  return { createdAt, id };
}
