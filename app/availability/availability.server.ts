import { and, asc, eq, gte, inArray, isNull, lte, ne } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { getOrganizationSettings, updateOrganizationSettings } from "~/organization/settings.server";
import { availabilitySlots, blockedDates, recurringAvailability, type AvailabilitySlot, type BlockedDate, type RecurringAvailability } from "./schema";
import { startTimeOf, type SlotKey } from "./offered-days";
import { addDaysToDate, generateSlots, offerableSlots } from "./slot-time";
import { dayIn, formatDay, formatDayTimes } from "~/formatting/dates";
import { WEEKDAY_NAMES } from "./availability-forms";

/**
 * The availability domain owns its tables (availability_slots, recurring_availability,
 * blocked_dates) and is the only one that writes them. Bookings (app/consultations) claim and
 * release slots through the functions at the end of this file, inside their own transaction.
 * An admin's change writes its audit entry (`availability.{intent}`) in its own transaction.
 */

type AvailabilityChange = { intent: string; summary: string; entityType?: "slot" | "rule" | "blocked-date"; entityId?: string | null; details?: Record<string, unknown> };

async function recordAvailabilityChange(tx: DatabaseExecutor, actor: Actor, change: AvailabilityChange): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: `availability.${change.intent}`,
    entityType: change.entityType ?? null,
    entityId: change.entityId ?? null,
    summary: change.summary,
    details: change.details,
  });
}

const slotText = (slot: { date: string; startTime: string; endTime: string }) => formatDayTimes(slot.date, slot.startTime, slot.endTime);

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

export async function addSlot(actor: Actor, input: { date: string; startTime: string; endTime: string; status: "open" | "tentative" }): Promise<AvailabilitySlot> {
  if (input.endTime <= input.startTime) throw new Refusal("The end time must be after the start time.");
  return db().transaction(async (tx) => {
    const [slot] = await tx.insert(availabilitySlots).values(input).onConflictDoNothing().returning();
    if (!slot) throw new Refusal("A slot with this date and time already exists.", { status: 409 });
    await recordAvailabilityChange(tx, actor, {
      intent: "add-slot",
      entityType: "slot",
      entityId: slot.id,
      summary: `Added a slot on ${slotText(slot)}`,
      details: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime, status: slot.status },
    });
    return slot;
  });
}

/**
 * Deletes the given slots except booked ones (booked slots are never deleted here); returns how
 * many went. When none could go (each was booked or deleted meanwhile), that is refused under the
 * spec's title ('Error deleting slot' / 'Error deleting slots').
 */
export async function deleteSlots(actor: Actor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db().transaction(async (tx) => {
    const deleted = await tx
      .delete(availabilitySlots)
      .where(and(inArray(availabilitySlots.id, ids), ne(availabilitySlots.status, "booked"), isNull(availabilitySlots.bookingId)))
      .returning({ id: availabilitySlots.id, date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime });
    if (deleted.length === 0) {
      const one = ids.length === 1;
      throw new Refusal(one ? "This slot was booked or deleted meanwhile." : "These slots were booked or deleted meanwhile.", {
        status: 409,
        title: one ? "Error deleting slot" : "Error deleting slots",
      });
    }
    const [only] = deleted;
    if (deleted.length > 0) {
      await recordAvailabilityChange(tx, actor, {
        intent: "delete-slots",
        entityType: "slot",
        entityId: deleted.length === 1 && only ? only.id : null,
        summary: deleted.length === 1 && only ? `Deleted the slot on ${slotText(only)}` : `Deleted ${deleted.length} slots`,
        details: { ids: deleted.map((slot) => slot.id) },
      });
    }
    return deleted.length;
  });
}

export async function listRecurringRules(): Promise<RecurringAvailability[]> {
  return db().select().from(recurringAvailability).orderBy(asc(recurringAvailability.dayOfWeek), asc(recurringAvailability.startTime));
}

const ruleText = (rule: { dayOfWeek: number; startTime: string; endTime: string }) =>
  `${WEEKDAY_NAMES[rule.dayOfWeek] ?? "?"} ${rule.startTime.slice(0, 5)}–${rule.endTime.slice(0, 5)}`;

export async function addRecurringRule(actor: Actor, input: { dayOfWeek: number; startTime: string; endTime: string }): Promise<RecurringAvailability> {
  if (input.endTime <= input.startTime) throw new Refusal("The end time must be after the start time.");
  return db().transaction(async (tx) => {
    const [rule] = await tx.insert(recurringAvailability).values({ ...input, isActive: true }).returning();
    if (!rule) throw new Refusal("The rule was not saved.");
    await recordAvailabilityChange(tx, actor, {
      intent: "add-rule",
      entityType: "rule",
      entityId: rule.id,
      summary: `Added the recurring rule ${ruleText(rule)}`,
      details: { dayOfWeek: rule.dayOfWeek, startTime: rule.startTime, endTime: rule.endTime },
    });
    return rule;
  });
}

export async function setRecurringRuleActive(actor: Actor, id: string, isActive: boolean): Promise<void> {
  await db().transaction(async (tx) => {
    const [rule] = await tx.update(recurringAvailability).set({ isActive }).where(eq(recurringAvailability.id, id)).returning();
    if (!rule) throw notFound("Rule not found");
    await recordAvailabilityChange(tx, actor, {
      intent: "toggle-rule",
      entityType: "rule",
      entityId: rule.id,
      summary: `${isActive ? "Activated" : "Deactivated"} the recurring rule ${ruleText(rule)}`,
      details: { isActive },
    });
  });
}

export async function deleteRecurringRule(actor: Actor, id: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [rule] = await tx.delete(recurringAvailability).where(eq(recurringAvailability.id, id)).returning();
    if (!rule) throw notFound("Rule not found");
    await recordAvailabilityChange(tx, actor, { intent: "delete-rule", entityType: "rule", entityId: rule.id, summary: `Deleted the recurring rule ${ruleText(rule)}` });
  });
}

export async function listBlockedDates(): Promise<BlockedDate[]> {
  return db().select().from(blockedDates).orderBy(asc(blockedDates.startDate));
}

/** Blocks an inclusive range and deletes the unbooked slots inside it, in one transaction. */
export async function blockDates(actor: Actor, input: { startDate: string; endDate: string; reason?: string | null }): Promise<{ blocked: BlockedDate; deletedSlots: number }> {
  if (input.endDate < input.startDate) throw new Refusal("The end date must not be before the start date.");
  return db().transaction(async (tx) => {
    const [blocked] = await tx
      .insert(blockedDates)
      .values({ startDate: input.startDate, endDate: input.endDate, reason: input.reason?.trim() || null })
      .returning();
    if (!blocked) throw new Refusal("The dates were not blocked.");
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
    await recordAvailabilityChange(tx, actor, {
      intent: "block",
      entityType: "blocked-date",
      entityId: blocked.id,
      summary: `Blocked ${blockedText(blocked)}${deleted.length > 0 ? `, deleting ${deleted.length} slot(s)` : ""}`,
      details: { startDate: blocked.startDate, endDate: blocked.endDate, deletedSlots: deleted.map((slot) => slot.id) },
    });
    return { blocked, deletedSlots: deleted.length };
  });
}

const blockedText = (range: { startDate: string; endDate: string }) =>
  range.startDate === range.endDate ? formatDay(range.startDate) : `${formatDay(range.startDate)} to ${formatDay(range.endDate)}`;

export async function removeBlockedDate(actor: Actor, id: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [removed] = await tx.delete(blockedDates).where(eq(blockedDates.id, id)).returning();
    if (!removed) throw notFound("Blocked date not found");
    await recordAvailabilityChange(tx, actor, { intent: "unblock", entityType: "blocked-date", entityId: removed.id, summary: `Unblocked ${blockedText(removed)}` });
  });
}

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

export type AvailabilitySettingsInput = {
  defaultConsultDurationMinutes: number;
  bufferTimeMinutes: number;
  timezone: string;
  defaultMeetingLink: string | null;
  bookingCancelCutoffHours: number;
};

/** The booking settings are organization settings: saved through the settings domain. */
export async function updateAvailabilitySettings(actor: Actor, input: AvailabilitySettingsInput): Promise<void> {
  await updateOrganizationSettings(actor, { action: "availability.settings", summary: "Consultation settings saved" }, input);
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
