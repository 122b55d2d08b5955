import { and, eq, gte, inArray, isNull, lte, ne } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditChangeOf } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { formatDay, formatDayTimes } from "~/formatting/dates";
import { updateOrganizationSettings } from "~/organization/settings.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { WEEKDAY_NAMES } from "./availability-forms";
import { availabilitySlots, blockedDates, recurringAvailability, type AvailabilitySlot, type BlockedDate, type RecurringAvailability } from "./schema";

// The admin's editing of the availability (the Availability tab): slots, recurring rules, blocked
// dates and the consultation settings. Each change writes its audit entry (`availability.{intent}`)
// in its own transaction. Slots made from the rules, and what bookings do to slots, are in
// availability.server.ts.

export type AvailabilityChange = AuditChangeOf<"availability"> & { entityType?: "slot" | "rule" | "blocked-date"; entityId?: string | null };

/** The audit entry of an admin's change to the availability, in the change's transaction (`availability.{intent}`). */
export async function recordAvailabilityChange(tx: DatabaseExecutor, actor: Actor, change: AvailabilityChange): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: `availability.${change.intent}`,
    entityType: change.entityType ?? null,
    entityId: change.entityId ?? null,
    summary: change.summary,
    details: change.details,
  });
}

const slotText = (slot: { date: string; startTime: string; endTime: string }) => formatDayTimes(slot.date, slot.startTime, slot.endTime);

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
