import { and, asc, gte, isNull, lte, ne } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { availabilitySlots, blockedDates, recurringAvailability, type AvailabilitySlot, type BlockedDate, type RecurringAvailability } from "./schema";

// What the Availability tab shows, and what slot generation reads: slots, rules, blocked dates.

export async function listSlotsBetween(startDate: string, endDate: string): Promise<AvailabilitySlot[]> {
  return db()
    .select()
    .from(availabilitySlots)
    .where(and(gte(availabilitySlots.date, startDate), lte(availabilitySlots.date, endDate)))
    .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime));
}

/**
 * The slots a deletion may take between two dates, inclusive (never a booked one), earliest
 * first, at most `limit`: 'Select Date Range' selects them all, whatever the calendar shows.
 */
export async function listDeletableSlotsBetween(startDate: string, endDate: string, limit: number) {
  return db()
    .select({ id: availabilitySlots.id, date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime, status: availabilitySlots.status })
    .from(availabilitySlots)
    .where(and(gte(availabilitySlots.date, startDate), lte(availabilitySlots.date, endDate), ne(availabilitySlots.status, "booked"), isNull(availabilitySlots.bookingId)))
    .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime))
    .limit(limit);
}

export async function listRecurringRules(): Promise<RecurringAvailability[]> {
  return db().select().from(recurringAvailability).orderBy(asc(recurringAvailability.dayOfWeek), asc(recurringAvailability.startTime));
}

export async function listBlockedDates(): Promise<BlockedDate[]> {
  return db().select().from(blockedDates).orderBy(asc(blockedDates.startDate));
}
