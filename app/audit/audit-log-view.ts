import { TZDate } from "@date-fns/tz";
import { listParam, type ListView, listInOneOrder } from "~/lists/list-view";

// The audit log page's view as the URL has it: filters (admin, domain, record kind, record, day
// range) and the page cursor. Pure: read by the loader, unit-tested.

/** An account's or a record's id. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** An action's domain ("lead", "email_template", "cadence-enrolment") or a record kind. */
const WORD = /^[a-z][a-z0-9_-]{0,39}$/;

const AUDIT_LOG_FILTERS = {
  actor: listParam.matching(ID),
  domain: listParam.matching(WORD),
  type: listParam.matching(WORD),
  record: listParam.matching(ID),
  from: listParam.day(),
  to: listParam.day(),
};

/** Newest first, always; anything malformed is no filter (an edited link shows more, never an error). */
export const AUDIT_LOG_VIEW = listInOneOrder(AUDIT_LOG_FILTERS, "when", "desc");

export type AuditLogView = ListView<typeof AUDIT_LOG_FILTERS, "when">;

/** The instants a day range covers in the business time zone: [start of `from`, start of the day after `to`). */
export function dayRangeInstants(from: string | null, to: string | null, timeZone: string): { since?: Date; before?: Date } {
  const startOf = (day: string, plusDays = 0) => {
    const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
    return new Date(new TZDate(year, month - 1, date + plusDays, timeZone).getTime());
  };
  return { ...(from ? { since: startOf(from) } : {}), ...(to ? { before: startOf(to, 1) } : {}) };
}
