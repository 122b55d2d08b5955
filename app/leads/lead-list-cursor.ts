/**
 * Keyset paging of the leads list (newest first): a cursor is the
 * (created_at, id) of the row a page starts after or ends before. Encoded for
 * the URL so that a shared link shows the same page.
 */
export type LeadCursor = { createdAt: string; id: string };

export function encodeCursor(cursor: LeadCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Returns null for anything that is not a cursor this app wrote (a tampered URL shows page 1). */
export function decodeCursor(value: string | null | undefined): LeadCursor | null {
  if (!value) return null;
  const separator = value.lastIndexOf("_");
  if (separator < 0) return null;
  const createdAt = value.slice(0, separator);
  const id = value.slice(separator + 1);
  if (!uuidPattern.test(id) || Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}
