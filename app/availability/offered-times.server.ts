import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { blockedDates, availabilitySlots } from "./schema";
import { offerableSlots } from "./slot-time";
import { dayIn } from "~/formatting/dates";

/** An offered time as the booking page carries it: the slot to book and its start (the page never shows the end). */
export type OfferedTime = { id: string; start: string };

/**
 * The open, unbooked slots from today through `lastDate` (business dates), outside blocked
 * ranges, that start after `now`, earliest first: one query through the partial index
 * availability_slots_open_date_start_idx. The one rule for what an invitation offers: the booking
 * page shows these, and an invitation is refused when there are none. Every invitation with the
 * same last date offers the same list, so the page cache shares it between links.
 */
export async function findOfferedTimes(lastDate: string, now: Date, timeZone: string): Promise<OfferedTime[]> {
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
  return offerableSlots(slots, { now, blocked: [], lastDate, timeZone }).map(({ id, start }) => ({ id, start }));
}
