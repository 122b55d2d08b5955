import { and, asc, eq, gte, inArray, isNull, lte, ne } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { consultationBookings } from "~/consultations/schema";
import { organizationSettings } from "~/settings/schema";
import { getOrganizationSettings } from "~/settings/settings.server";
import { availabilitySlots, blockedDates, recurringAvailability, type AvailabilitySlot, type BlockedDate, type RecurringAvailability } from "./schema";
import { generateSlots, todayInZone } from "./slot-time";

/** A refusal the admin sees as the toast's description. */
export class AvailabilityError extends Error {}

export async function listSlotsBetween(startDate: string, endDate: string): Promise<AvailabilitySlot[]> {
  return db()
    .select()
    .from(availabilitySlots)
    .where(and(gte(availabilitySlots.date, startDate), lte(availabilitySlots.date, endDate)))
    .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime));
}

export async function addSlot(input: { date: string; startTime: string; endTime: string; status: "open" | "tentative" }): Promise<AvailabilitySlot> {
  if (input.endTime <= input.startTime) throw new AvailabilityError("The end time must be after the start time.");
  const [slot] = await db().insert(availabilitySlots).values(input).onConflictDoNothing().returning();
  if (!slot) throw new AvailabilityError("A slot with this date and time already exists.");
  return slot;
}

/** Deletes the given slots except booked ones (booked slots are never deleted here); returns how many went. */
export async function deleteSlots(ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db()
    .delete(availabilitySlots)
    .where(and(inArray(availabilitySlots.id, ids), ne(availabilitySlots.status, "booked"), isNull(availabilitySlots.bookingId)))
    .returning({ id: availabilitySlots.id });
  return deleted.length;
}

export async function listRecurringRules(): Promise<RecurringAvailability[]> {
  return db().select().from(recurringAvailability).orderBy(asc(recurringAvailability.dayOfWeek), asc(recurringAvailability.startTime));
}

export async function addRecurringRule(input: { dayOfWeek: number; startTime: string; endTime: string }): Promise<RecurringAvailability> {
  if (input.endTime <= input.startTime) throw new AvailabilityError("The end time must be after the start time.");
  const [rule] = await db().insert(recurringAvailability).values({ ...input, isActive: true }).returning();
  if (!rule) throw new AvailabilityError("The rule was not saved.");
  return rule;
}

export async function setRecurringRuleActive(id: string, isActive: boolean): Promise<void> {
  await db().update(recurringAvailability).set({ isActive }).where(eq(recurringAvailability.id, id));
}

export async function deleteRecurringRule(id: string): Promise<void> {
  await db().delete(recurringAvailability).where(eq(recurringAvailability.id, id));
}

export async function listBlockedDates(): Promise<BlockedDate[]> {
  return db().select().from(blockedDates).orderBy(asc(blockedDates.startDate));
}

/** Blocks an inclusive range and deletes the unbooked slots inside it, in one transaction. */
export async function blockDates(input: { startDate: string; endDate: string; reason?: string | null }): Promise<{ blocked: BlockedDate; deletedSlots: number }> {
  if (input.endDate < input.startDate) throw new AvailabilityError("The end date must not be before the start date.");
  return db().transaction(async (tx) => {
    const [blocked] = await tx
      .insert(blockedDates)
      .values({ startDate: input.startDate, endDate: input.endDate, reason: input.reason?.trim() || null })
      .returning();
    if (!blocked) throw new AvailabilityError("The dates were not blocked.");
    const deleted = await tx
      .delete(availabilitySlots)
      .where(
        and(
          gte(availabilitySlots.date, input.startDate),
          lte(availabilitySlots.date, input.endDate),
          ne(availabilitySlots.status, "booked"),
          isNull(availabilitySlots.bookingId),
        ),
      )
      .returning({ id: availabilitySlots.id });
    return { blocked, deletedSlots: deleted.length };
  });
}

export async function removeBlockedDate(id: string): Promise<void> {
  await db().delete(blockedDates).where(eq(blockedDates.id, id));
}

/**
 * Expands the active recurring rules into open slots for `weeks` weeks from today (business
 * zone). Existing slots are not repeated: the pure generator skips the ones it sees, and the
 * unique (date, start, end) constraint makes a concurrent run harmless. Returns how many were made.
 */
export async function generateSlotsFromRules(weeks: number, now = new Date()): Promise<number> {
  const settings = await getOrganizationSettings();
  const rules = await listRecurringRules();
  if (!rules.some((rule) => rule.isActive)) {
    throw new AvailabilityError("No recurring rules found. Add them in the Availability tab first.");
  }
  const fromDate = todayInZone(now, settings.timezone);
  const toDate = new Date(`${fromDate}T00:00:00Z`);
  toDate.setUTCDate(toDate.getUTCDate() + weeks * 7);
  const [existing, blocked] = await Promise.all([listSlotsBetween(fromDate, toDate.toISOString().slice(0, 10)), listBlockedDates()]);
  const slots = generateSlots({
    rules,
    fromDate,
    weeks,
    durationMinutes: settings.defaultConsultDurationMinutes,
    bufferMinutes: settings.bufferTimeMinutes,
    blocked,
    existing,
    timeZone: settings.timezone,
  });
  if (slots.length === 0) return 0;
  const inserted = await db()
    .insert(availabilitySlots)
    .values(slots.map((slot) => ({ ...slot, status: "open" as const })))
    .onConflictDoNothing()
    .returning({ id: availabilitySlots.id });
  return inserted.length;
}

export type AvailabilitySettingsInput = {
  defaultConsultDurationMinutes: number;
  bufferTimeMinutes: number;
  timezone: string;
  defaultMeetingLink: string | null;
  bookingCancelCutoffHours: number;
};

export async function updateAvailabilitySettings(input: AvailabilitySettingsInput): Promise<void> {
  await db()
    .update(organizationSettings)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(organizationSettings.id, 1));
}

/**
 * Reopens the slots held by the bookings of these leads. Call it inside the transaction that
 * deletes the leads, before the delete: the booking rows cascade away with their lead, and the
 * slot's foreign key only clears booking_id, not the 'booked' status.
 */
export async function releaseSlotsOfLeads(tx: DatabaseExecutor, leadIds: string[]): Promise<number> {
  if (leadIds.length === 0) return 0;
  const released = await tx
    .update(availabilitySlots)
    .set({ status: "open", bookingId: null })
    .where(
      inArray(
        availabilitySlots.bookingId,
        tx.select({ id: consultationBookings.id }).from(consultationBookings).where(inArray(consultationBookings.leadId, leadIds)),
      ),
    )
    .returning({ id: availabilitySlots.id });
  return released.length;
}

/**
 * Safety net for any path that removed a booking without releasing its slot (the foreign key sets
 * booking_id to null): a 'booked' slot that no booking holds is open again. Run by the worker.
 */
export async function reopenOrphanedSlots(): Promise<number> {
  const reopened = await db()
    .update(availabilitySlots)
    .set({ status: "open" })
    .where(and(eq(availabilitySlots.status, "booked"), isNull(availabilitySlots.bookingId)))
    .returning({ id: availabilitySlots.id });
  return reopened.length;
}
