import { TZDate } from "@date-fns/tz";
import { decodeRowCursor, encodeKeysetCursor } from "~/lists/list-view";

// The audit log page's view as the URL has it: filters (admin, domain, record kind, date range)
// and the page cursor. Pure: read by the loader, unit-tested.

const UUID_OR_ID = /^[A-Za-z0-9_-]{1,64}$/;
const WORD = /^[a-z][a-z0-9-]{0,39}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type AuditLogView = {
  actor: string | null;
  domain: string | null;
  entityType: string | null;
  entityId: string | null;
  from: string | null;
  to: string | null;
};

function pick(params: URLSearchParams, name: string, pattern: RegExp): string | null {
  const value = params.get(name);
  return value && pattern.test(value) && (pattern !== DAY || !Number.isNaN(Date.parse(value))) ? value : null;
}

/** Anything malformed is no filter (an edited link shows more, never an error). */
export function readAuditLogView(params: URLSearchParams): AuditLogView {
  return {
    actor: pick(params, "actor", UUID_OR_ID),
    domain: pick(params, "domain", WORD),
    entityType: pick(params, "type", WORD),
    entityId: pick(params, "record", UUID_OR_ID),
    from: pick(params, "from", DAY),
    to: pick(params, "to", DAY),
  };
}

/** The instants a day range covers in the business time zone: [start of `from`, start of the day after `to`). */
export function dayRangeInstants(from: string | null, to: string | null, timeZone: string): { since?: Date; before?: Date } {
  const startOf = (day: string, plusDays = 0) => {
    const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
    return new Date(new TZDate(year, month - 1, date + plusDays, timeZone).getTime());
  };
  return { ...(from ? { since: startOf(from) } : {}), ...(to ? { before: startOf(to, 1) } : {}) };
}

export function auditCursorOf(entry: { occurredAt: Date | string; id: string }): string {
  return encodeKeysetCursor({ value: new Date(entry.occurredAt).toISOString(), id: entry.id });
}

export function readAuditCursor(raw: string | null): { occurredAt: Date; id: string } | null {
  const cursor = decodeRowCursor(raw, true);
  return cursor?.value ? { occurredAt: new Date(cursor.value), id: cursor.id } : null;
}
