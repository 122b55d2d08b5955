import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { dayIn } from "~/formatting/dates";

/** What of a booking page depends on the clock (instants as ISO strings, as the page carries them). */
export type ClockedPage = {
  /** The earliest offered time's start, if any (a time is offered only while it has not started). */
  firstOfferedStart: string | null;
  /** The times the agency proposed (also offered only while they have not started). */
  proposed: readonly { start: string }[];
  /** The booked start, if any: the visitor may change it until `cutoffHours` before. */
  bookedStart: string | null;
  canChange: boolean;
  cutoffHours: number;
  /** The invitation's last date; without one its window is "today" in the business zone. */
  windowEndsOn: string | null;
  timeZone: string;
};

const HOUR_MS = 3_600_000;

/**
 * The first instant after `now` at which the same invitation and slots would give a different
 * page: the earliest offered or proposed time starts (it is no longer offered), the change
 * cut-off passes (no more rescheduling or cancelling online), or, for an invitation without a
 * last date, the business day turns (its window moves). Infinity when nothing shown depends on
 * the clock. A kept page is good until then, or until a write changes the data.
 */
export function nextTimedChange(page: ClockedPage, now: Date): number {
  if (!page.canChange) return Infinity;
  const instants: number[] = [];
  if (page.firstOfferedStart) instants.push(Date.parse(page.firstOfferedStart));
  for (const slot of page.proposed) instants.push(Date.parse(slot.start));
  if (page.bookedStart) instants.push(Date.parse(page.bookedStart) - page.cutoffHours * HOUR_MS);
  if (!page.windowEndsOn) instants.push(nextBusinessDay(now, page.timeZone));
  const future = instants.filter((instant) => instant > now.getTime());
  // An instant at or before now means the page is already due to change: keep it no longer.
  if (future.length < instants.length) return now.getTime();
  return Math.min(Infinity, ...future);
}

/** The instant the next business-local day starts (midnight, or 01:00 where DST skips midnight). */
function nextBusinessDay(now: Date, timeZone: string): number {
  const tomorrow = addDaysToDate(dayIn(now, timeZone), 1);
  const start = localToInstant(tomorrow, "00:00", timeZone) ?? localToInstant(tomorrow, "01:00", timeZone);
  return start ? start.getTime() : now.getTime() + HOUR_MS;
}
