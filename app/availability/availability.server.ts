import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Refusal } from "~/refusal/refusal";
import { recordAvailabilityChange } from "./availability-editing.server";
import { listBlockedDates, listRecurringRules, listSlotsBetween } from "./availability-lists.server";
import { startTimeOf, type SlotKey } from "./offered-days";
import { availabilitySlots, blockedDates, type AvailabilitySlot } from "./schema";
import { addDaysToDate, generateSlots, offerableSlots } from "./slot-time";

/**
 * The availability domain owns its tables (availability_slots, recurring_availability,
 * blocked_dates) and is the only one that writes them. Here: the slots made from the recurring
 * rules (the Availability tab's Generate, and a booking invitation's window), and what bookings
 * (app/consultations) read and claim, inside their own transaction. The admin's editing is in
 * availability-editing.server.ts.
 */

/**
 * Expands the active recurring rules into open slots for `days` dates from today (business zone):
 * the Availability tab's weeks × 7, or a booking invitation's window. Existing slots are not
 * repeated: the pure generator skips the ones it sees, and the unique (date, start, end)
 * constraint makes a concurrent run harmless. Returns how many were made.
 */
export async function generateSlotsFromRules(actor: Actor, days: number, now = new Date()): Promise<number> {
  const settings = await getOrganizationSettings();
  const rules = await listRecurringRules();
  if (!rules.some((rule) => rule.isActive)) {
    throw new Refusal("No recurring rules found. Add them in the Availability tab first.");
  }
  const fromDate = dayIn(now, settings.timezone);
  const [existing, blocked] = await Promise.all([listSlotsBetween(fromDate, addDaysToDate(fromDate, days)), listBlockedDates()]);
  const slots = generateSlots({
    rules,
    fromDate,
    days,
    durationMinutes: settings.defaultConsultDurationMinutes,
    bufferMinutes: settings.bufferTimeMinutes,
    blocked,
    existing,
    timeZone: settings.timezone,
  });
  if (slots.length === 0) return 0;
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(availabilitySlots)
      .values(slots.map((slot) => ({ ...slot, status: "open" as const })))
      .onConflictDoNothing()
      .returning({ id: availabilitySlots.id });
    if (inserted.length > 0) {
      await recordAvailabilityChange(tx, actor, {
        intent: "generate",
        entityType: "slot",
        summary: `Generated ${inserted.length} slots for the next ${days} days`,
        details: { days, slots: inserted.length },
      });
    }
    return inserted.length;
  });
}

/** The slots these bookings held are open again (the bookings are being deleted), in the deleting transaction. */
export async function releaseSlotsOfBookings(tx: DatabaseExecutor, bookingIds: string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const released = await tx
    .update(availabilitySlots)
    .set({ status: "open", bookingId: null })
    .where(inArray(availabilitySlots.bookingId, bookingIds))
    .returning({ id: availabilitySlots.id });
  return released.length;
}

/** The booked slots and the bookings that hold them, for the consultations domain's upkeep. */
export async function bookedSlotHolders(executor: DatabaseExecutor = db()): Promise<{ slotId: string; bookingId: string | null }[]> {
  return executor
    .select({ slotId: availabilitySlots.id, bookingId: availabilitySlots.bookingId })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.status, "booked"));
}

/** These slots are open again (no booking holds them any more). */
export async function reopenSlots(executor: DatabaseExecutor, slotIds: string[]): Promise<number> {
  if (slotIds.length === 0) return 0;
  const reopened = await executor
    .update(availabilitySlots)
    .set({ status: "open", bookingId: null })
    .where(and(inArray(availabilitySlots.id, slotIds), eq(availabilitySlots.status, "booked")))
    .returning({ id: availabilitySlots.id });
  return reopened.length;
}

/**
 * The slot a visitor may book at a business-local day and minute (its key, offered-days.ts) through
 * an invitation whose window ends on `lastDate`: open, unbooked, not on a blocked date, not started.
 * Of two slots starting together, the shorter. Null when there is none (or no longer).
 */
export async function findOfferableSlot(
  tx: DatabaseExecutor,
  key: SlotKey,
  rule: { now: Date; lastDate: string; timeZone: string },
): Promise<AvailabilitySlot | null> {
  const candidates = await tx
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.date, key.date),
        eq(availabilitySlots.startTime, startTimeOf(key)),
        eq(availabilitySlots.status, "open"),
        isNull(availabilitySlots.bookingId),
      ),
    )
    .orderBy(asc(availabilitySlots.endTime));
  if (candidates.length === 0) return null;
  const blocked = await tx
    .select({ startDate: blockedDates.startDate, endDate: blockedDates.endDate })
    .from(blockedDates)
    .where(and(lte(blockedDates.startDate, key.date), gte(blockedDates.endDate, key.date)));
  const [offerable] = offerableSlots(candidates, { ...rule, blocked });
  return candidates.find((candidate) => candidate.id === offerable?.id) ?? null;
}

/**
 * The slot at this business-local time, made (open) when there is none: a time the agency
 * proposed becomes a slot, so the same claim and unique constraint guard it against double booking.
 */
export async function slotAtTime(tx: DatabaseExecutor, local: { date: string; startTime: string; endTime: string }): Promise<string | null> {
  await tx.insert(availabilitySlots).values({ ...local, status: "open" }).onConflictDoNothing();
  const [slot] = await tx
    .select({ id: availabilitySlots.id })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.date, local.date), eq(availabilitySlots.startTime, local.startTime), eq(availabilitySlots.endTime, local.endTime)));
  return slot?.id ?? null;
}

/**
 * Claims a slot for a booking with one conditional update (open and unbooked → booked by it).
 * Two bookings racing for one slot: the second update finds the row no longer open and gets
 * null; the unique index on booking_id keeps a booking from holding two slots. Call it inside
 * the booking's transaction.
 */
export async function claimSlot(tx: DatabaseExecutor, slotId: string, bookingId: string): Promise<AvailabilitySlot | null> {
  const [claimed] = await tx
    .update(availabilitySlots)
    .set({ status: "booked", bookingId })
    .where(and(eq(availabilitySlots.id, slotId), eq(availabilitySlots.status, "open"), isNull(availabilitySlots.bookingId)))
    .returning();
  return claimed ?? null;
}

/** The slot a booking held is open again (rebooked, cancelled or deleted), in the booking's transaction. */
export async function releaseSlotOfBooking(tx: DatabaseExecutor, bookingId: string): Promise<void> {
  await tx.update(availabilitySlots).set({ status: "open", bookingId: null }).where(eq(availabilitySlots.bookingId, bookingId));
}
