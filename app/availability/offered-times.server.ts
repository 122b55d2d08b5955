import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { encodeOfferedDays } from "./offered-days";
import { blockedDates, availabilitySlots } from "./schema";
import { offerableSlots } from "./slot-time";
import { dayIn } from "~/formatting/dates";

/**
 * The times an invitation offers, as pages carry them: their compact form (offered-days.ts: each
 * business-local day with its minutes), how many there are, and the first one's start (the instant
 * the list changes by the clock alone). Never changed in place: the booking page cache shares one
 * between every link with the same window.
 */
export type OfferedTimes = {
  /** The compact form, in the business time zone (`2026-03-09:540,570;…`). */
  days: string;
  count: number;
  /** ISO instant of the earliest time, or null when none is offered. */
  firstStart: string | null;
};

/**
 * The open, unbooked slots from today through `lastDate` (business dates), outside blocked
 * ranges, that start after `now`, earliest first: one query through the partial index
 * availability_slots_open_date_start_idx. The one rule for what an invitation offers: the booking
 * page and the client portal show these, and an invitation is refused when there are none. Every
 * invitation with the same last date offers the same list, so the page cache shares it between links.
 */
export async function findOfferedTimes(lastDate: string, now: Date, timeZone: string): Promise<OfferedTimes> {
  const today = dayIn(now, timeZone);
  const slots = await db()
    .select({
      id: availabilitySlots.id,
      date: availabilitySlots.date,
      startTime: availabilitySlots.startTime,
      endTime: availabilitySlots.endTime,
      status: availabilitySlots.status,
      bookingId: availabilitySlots.bookingId,
    })
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.status, "open"),
        isNull(availabilitySlots.bookingId),
        gte(availabilitySlots.date, today),
        lte(availabilitySlots.date, lastDate),
        sql`not exists (select 1 from ${blockedDates} where ${availabilitySlots.date} between ${blockedDates.startDate} and ${blockedDates.endDate})`,
      ),
    )
    .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime));
  const offered = offerableSlots(slots, { now, blocked: [], lastDate, timeZone });
  return { days: encodeOfferedDays(offered), count: offered.length, firstStart: offered[0]?.start ?? null };
}
