import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { and, desc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditChangeOf } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { addDaysToDate, localToInstant, PROPOSED_SLOT_MINUTES } from "~/availability/slot-time";
import { findOfferedTimes } from "~/availability/offered-times.server";
import { releaseSlotOfBooking } from "~/availability/availability.server";
import { leadIdOfClient } from "~/clients/lead-of-client.server";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { keysetPage, type KeysetPage, type KeysetPageRequest } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { leads } from "~/leads/schema";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { describeWhen, enqueueBookingEmail, type BookingLead } from "./booking-emails.server";
import { refusalFor, type BookingAction } from "./booking-status";
import { INVITATION_WINDOWS, NO_SLOTS_FOR_INVITATION } from "./consultation-forms";
import { consultationBookings, consultations, type ConsultationBooking, type ConsultationBookingStatus } from "./schema";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { publish } from "~/events/domain-events";
import { dayIn } from "~/formatting/dates";

/**
 * The consultations domain: it alone owns consultation_bookings (invitations and the bookings
 * made through them) and consultations, and every rule about them — statuses
 * (booking-status.ts), invitations, the booking transaction, confirming, rescheduling and the
 * e-mails. The public booking page (app/booking) is only its request side and calls these
 * services (and visitor-booking.server.ts). Slots belong to app/availability and a lead's
 * booking status and timeline to app/leads: this domain changes them only through their
 * services, passing its transaction (`tx`) so a booking and its slot commit or roll back together.
 * A refused request throws `Refusal` (app/forms/refusal.ts); its message is what the user reads.
 */

/**
 * The audit entry of an admin's change to an invitation or its booking (decision 020), in the
 * change's transaction: `booking.{intent}` about the booking; the lead by id only.
 */
async function recordBookingChange(
  tx: DatabaseExecutor,
  actor: Actor,
  booking: Pick<ConsultationBooking, "id" | "leadId">,
  change: AuditChangeOf<"booking", "leadId">,
): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: `booking.${change.intent}`,
    entityType: "booking",
    entityId: booking.id,
    summary: change.summary,
    details: { leadId: booking.leadId, ...change.details },
  });
}

/** `{leadId}-{128 random bits}`: the lead id before the last hyphen (spec), a capability after it (DESIGN.md). */
export function newBookingToken(leadId: string): string {
  return `${leadId}-${randomBytes(16).toString("hex")}`;
}

/** The lead behind a client, for 'Send Booking Link' (the clients domain links one if needed). */
async function leadOfClient(tx: DatabaseExecutor, clientId: string | null | undefined): Promise<string> {
  if (!clientId) throw notFound("Lead not found");
  return leadIdOfClient(tx, clientId);
}

async function findLeadForBooking(tx: DatabaseExecutor, leadId: string): Promise<BookingLead & { status: string }> {
  const [lead] = await tx
    .select({ id: leads.id, name: leads.name, email: leads.email, status: leads.status })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) throw notFound("Lead not found");
  return lead;
}

/** Is there at least one time this invitation could offer? The booking page's rule decides. */
async function hasOfferableSlot(settings: OrganizationSettings, lastDate: string, now: Date): Promise<boolean> {
  return (await findOfferedTimes(lastDate, now, settings.timezone)).count > 0;
}

/**
 * Invites a lead: a booking (pending) with its capability token and window, the lead's
 * booking_status 'sent', and the link e-mailed, all in one transaction.
 */
export async function createBookingInvitation(
  actor: Actor,
  input: { leadId?: string | null; windowDays: number; clientId?: string | null },
  now = new Date(),
): Promise<ConsultationBooking> {
  if (!(INVITATION_WINDOWS as readonly number[]).includes(input.windowDays)) throw new Refusal("Choose a window of 7, 14, 21 or 30 days.", { field: "windowDays" });
  const settings = await getOrganizationSettings();
  const lastDate = addDaysToDate(dayIn(now, settings.timezone), input.windowDays);
  if (!(await hasOfferableSlot(settings, lastDate, now))) throw new Refusal(NO_SLOTS_FOR_INVITATION, { status: 409 });
  return db().transaction(async (tx) => {
    const lead = await findLeadForBooking(tx, input.leadId ?? (await leadOfClient(tx, input.clientId)));
    const [booking] = await tx
      .insert(consultationBookings)
      .values({
        leadId: lead.id,
        clientId: input.clientId ?? null,
        bookingToken: newBookingToken(lead.id),
        status: "pending",
        windowDays: input.windowDays,
        windowEndsOn: lastDate,
      })
      .returning();
    if (!booking) throw new Error("The invitation was not saved");
    await setLeadBookingStatus(tx, lead.id, "sent", { onlyFrom: "not_sent" });
    await recordLeadEvent(tx, { leadId: lead.id, event: "invitation_sent", data: { bookingId: booking.id, windowDays: input.windowDays }, actorUserId: actor.userId });
    await enqueueBookingEmail(tx, { templateKey: "booking_invitation", booking, lead, settings });
    await publish(tx, "booking.invitation-sent", { leadId: lead.id, bookingId: booking.id, now });
    await recordBookingChange(tx, actor, booking, {
      intent: "send",
      summary: `Sent a booking invitation for the next ${input.windowDays} days`,
      details: { windowDays: input.windowDays, clientId: booking.clientId },
    });
    return booking;
  });
}

async function bookingWithLead(tx: DatabaseExecutor, bookingId: string, lock = false) {
  const query = tx
    .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.id, bookingId));
  const [row] = lock ? await query.for("update", { of: consultationBookings }) : await query;
  if (!row) throw notFound("This booking no longer exists.");
  return row;
}

export async function resendBookingInvitation(actor: Actor, bookingId: string): Promise<void> {
  const settings = await getOrganizationSettings();
  await db().transaction(async (tx) => {
    const { booking, lead } = await bookingWithLead(tx, bookingId);
    await enqueueBookingEmail(tx, { templateKey: "booking_invitation", booking, lead, settings });
    await recordBookingChange(tx, actor, booking, { intent: "resend", summary: "Resent a booking invitation" });
  });
}

/** Deletes an invitation (and its booking); the slot it held is open again. */
export async function deleteBookingInvitation(actor: Actor, bookingId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const { booking } = await bookingWithLead(tx, bookingId, true);
    await releaseSlotOfBooking(tx, booking.id);
    await tx.delete(consultationBookings).where(eq(consultationBookings.id, booking.id));
    const [other] = await tx
      .select({ id: consultationBookings.id })
      .from(consultationBookings)
      .where(eq(consultationBookings.leadId, booking.leadId))
      .limit(1);
    if (!other) await setLeadBookingStatus(tx, booking.leadId, "not_sent");
    await recordBookingChange(tx, actor, booking, {
      intent: "delete",
      summary: booking.selectedStart ? "Deleted a booking invitation and released its booked time" : "Deleted a booking invitation",
      details: { status: booking.status },
    });
  });
}

function refuse(action: BookingAction, status: ConsultationBookingStatus): void {
  const refusal = refusalFor(action, status);
  if (refusal) throw new Refusal(refusal, { status: 409 });
}

const httpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** Admin confirms a pending booking with a meeting link; the visitor gets it with the calendar update. */
export async function confirmBooking(actor: Actor, bookingId: string, meetingLinkInput: string | null | undefined, now = new Date()): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  const meetingLink = (meetingLinkInput?.trim() || settings.defaultMeetingLink || "").trim();
  if (!meetingLink) throw new Refusal("Please provide a meeting link", { field: "meetingLink" });
  if (!httpUrl(meetingLink)) throw new Refusal("The meeting link must start with http:// or https://", { field: "meetingLink" });
  return db().transaction(async (tx) => {
    const { booking, lead } = await bookingWithLead(tx, bookingId, true);
    refuse("confirm", booking.status);
    if (!booking.selectedStart) throw new Refusal("The lead has not picked a time yet.", { status: 409 });
    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: "confirmed", meetingLink, confirmationSentAt: now, icsSequence: booking.icsSequence + 1, updatedAt: now })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!updated) throw new Error("Failed to confirm booking");
    await enqueueBookingEmail(tx, { templateKey: "booking_confirmation", booking: updated, lead, settings, calendar: "REQUEST" });
    await recordBookingChange(tx, actor, updated, {
      intent: "confirm",
      summary: "Confirmed a booking and sent its meeting link",
      details: { status: { from: booking.status, to: updated.status }, start: updated.selectedStart?.toISOString() ?? null },
    });
    return updated;
  });
}

/** Admin proposes new times (30 minutes each); the visitor picks one on their booking page. */
export async function proposeNewTimes(actor: Actor, bookingId: string, starts: Date[], now = new Date()): Promise<ConsultationBooking> {
  const valid = starts.filter((start) => !Number.isNaN(start.getTime()));
  if (valid.length === 0) throw new Refusal("Please add at least one time slot", { field: "start" });
  if (valid.some((start) => start <= now)) throw new Refusal("Proposed times must be in the future.", { field: "start" });
  const settings = await getOrganizationSettings();
  // The visitor books a proposed time as a slot of the business's calendar, which lies within one day.
  if (valid.some((start) => dayIn(new Date(start.getTime() + PROPOSED_SLOT_MINUTES * 60_000), settings.timezone) !== dayIn(start, settings.timezone))) {
    throw new Refusal(`A proposed time must end before midnight (${settings.timezone}).`, { field: "start" });
  }
  const proposedSlots = [...new Set(valid.map((start) => start.getTime()))]
    .sort((a, b) => a - b)
    .map((time) => ({ start: new Date(time).toISOString(), end: new Date(time + PROPOSED_SLOT_MINUTES * 60_000).toISOString() }));
  return db().transaction(async (tx) => {
    const { booking, lead } = await bookingWithLead(tx, bookingId, true);
    refuse("propose", booking.status);
    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: "rescheduled", proposedSlots, updatedAt: now })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!updated) throw new Error("Failed to propose new time");
    await enqueueBookingEmail(tx, {
      templateKey: "booking_time_change",
      booking: updated,
      lead,
      settings,
      // In the zone the visitor booked in, when they have: the times they will pick from on their page.
      variables: { ProposedTimes: proposedSlots.map((slot) => `• ${describeWhen(new Date(slot.start), updated.visitorTimeZone ?? settings.timezone)}`).join("\n") },
    });
    await recordBookingChange(tx, actor, updated, {
      intent: "propose",
      summary: `Proposed ${proposedSlots.length} new time(s) for a booking`,
      details: { status: { from: booking.status, to: updated.status }, proposed: proposedSlots.map((slot) => slot.start) },
    });
    return updated;
  });
}

/** Propose New Time as the admin types it: business-local starts (`yyyy-MM-ddTHH:mm`, the business zone). */
export async function proposeLocalTimes(actor: Actor, bookingId: string, localStarts: string[], now = new Date()): Promise<ConsultationBooking> {
  const { timezone } = await getOrganizationSettings();
  const starts = localStarts
    .map((value) => localToInstant(value.slice(0, 10), value.slice(11, 16), timezone))
    .filter((instant): instant is Date => instant !== null);
  return proposeNewTimes(actor, bookingId, starts, now);
}

/**
 * Marks a confirmed booking completed: the lead's booking_status becomes completed and, when the
 * lead is a client, the call is kept as a completed consultation on the client's record.
 */
export async function completeBooking(actor: Actor, bookingId: string, now = new Date()): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const { booking } = await bookingWithLead(tx, bookingId, true);
    refuse("complete", booking.status);
    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!updated) throw new Error("Failed to update status");
    await setLeadBookingStatus(tx, booking.leadId, "completed");
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(booking.clientId ? eq(clients.id, booking.clientId) : eq(clients.leadId, booking.leadId))
      .limit(1);
    if (client && booking.selectedStart && booking.selectedEnd) {
      const zone = settings.timezone;
      await tx
        .insert(consultations)
        .values({
          clientId: client.id,
          bookingId: booking.id,
          consultType: "initial",
          status: "completed",
          scheduledDate: dayIn(booking.selectedStart, zone),
          scheduledStartTime: format(new TZDate(booking.selectedStart, zone), "HH:mm:ss"),
          scheduledEndTime: format(new TZDate(booking.selectedEnd, zone), "HH:mm:ss"),
          meetingLink: booking.meetingLink,
        })
        .onConflictDoNothing();
    }
    await recordBookingChange(tx, actor, updated, {
      intent: "complete",
      summary: "Marked a booking completed",
      details: { status: { from: booking.status, to: updated.status }, clientId: client?.id ?? null },
    });
    return updated;
  });
}

/** Cancels an open booking (admin or visitor): its slot reopens and the calendar event is cancelled. */
export async function cancelBooking(actor: Actor, bookingId: string, now = new Date()): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const cancelled = await cancelInTransaction(tx, bookingId, settings, now);
    await recordBookingChange(tx, actor, cancelled, { intent: "cancel", summary: "Cancelled a booking", details: { released: cancelled.selectedStart !== null } });
    return cancelled;
  });
}

export async function cancelInTransaction(
  tx: DatabaseExecutor,
  bookingId: string,
  settings: OrganizationSettings,
  now: Date,
): Promise<ConsultationBooking> {
  const { booking, lead } = await bookingWithLead(tx, bookingId, true);
  refuse("cancel", booking.status);
  await releaseSlotOfBooking(tx, booking.id);
  const [updated] = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", cancelledAt: now, icsSequence: booking.icsSequence + 1, updatedAt: now })
    .where(eq(consultationBookings.id, booking.id))
    .returning();
  if (!updated) throw new Error("Failed to update status");
  await setLeadBookingStatus(tx, booking.leadId, "sent", { onlyFrom: "booked" });
  if (updated.selectedStart) {
    await enqueueBookingEmail(tx, { templateKey: "booking_cancelled", booking: updated, lead, settings, calendar: "CANCEL" });
    await enqueueBookingEmail(tx, { templateKey: "booking_cancelled", booking: updated, lead, settings, calendar: "CANCEL", to: "agency" });
  }
  return updated;
}

export const BOOKINGS_PAGE_SIZE = 25;

export type BookingListFilters = {
  status?: ConsultationBookingStatus | null;
  /** Booked between these business-local days (inclusive). */
  from?: string | null;
  to?: string | null;
  /** The lead's name or e-mail. */
  search?: string | null;
};

export type BookingListRow = ConsultationBooking & { lead: { id: string; name: string; email: string; phone: string | null } };

function bookingCondition(filters: BookingListFilters, timeZone: string): SQL | undefined {
  const bookedDay = sql`(${consultationBookings.selectedStart} at time zone ${timeZone})::date`;
  return and(
    filters.status ? eq(consultationBookings.status, filters.status) : undefined,
    filters.from ? sql`${bookedDay} >= ${filters.from}::date` : undefined,
    filters.to ? sql`${bookedDay} <= ${filters.to}::date` : undefined,
    searchCondition(filters.search ?? "", [leads.name, leads.email]),
  );
}

/** A page of the bookings (invitations) with their lead, newest first, by keyset; dates filter the booked time in the business zone. */
export async function listBookings(filters: BookingListFilters, timeZone: string, page: Partial<KeysetPageRequest> = {}): Promise<KeysetPage<BookingListRow>> {
  return keysetPage(
    { after: page.after, before: page.before, size: page.size ?? BOOKINGS_PAGE_SIZE },
    { by: consultationBookings.createdAt, tieBreaker: consultationBookings.id, direction: "desc", valueKind: "time" },
    async ({ beyond, orderBy, limit }) => {
      const rows = await db()
        .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email, phone: leads.phone } })
        .from(consultationBookings)
        .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
        .where(and(bookingCondition(filters, timeZone), beyond))
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => ({ ...row.booking, lead: row.lead }));
    },
    (row) => ({ value: row.createdAt.toISOString(), id: row.id }),
  );
}

export type BookingCounts = { total: number; completed: number; upcoming: number };

/** How many bookings a filter finds: all, completed, and open ones whose booked time is still ahead. */
export async function countBookings(filters: BookingListFilters, timeZone: string, now = new Date()): Promise<BookingCounts> {
  const [row] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${consultationBookings.status} = 'completed')::int`,
      upcoming: sql<number>`count(*) filter (where ${inArray(consultationBookings.status, ["pending", "confirmed"])} and ${consultationBookings.selectedStart} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(bookingCondition(filters, timeZone));
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0), upcoming: Number(row?.upcoming ?? 0) };
}

/** E-mails the 24-hour reminder of every confirmed call starting within a day, once per booking and time. */
export async function sendDueReminders(now = new Date()): Promise<number> {
  const settings = await getOrganizationSettings();
  const due = await db()
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .where(
      and(
        eq(consultationBookings.status, "confirmed"),
        isNull(consultationBookings.reminderSentAt),
        gte(consultationBookings.selectedStart, now),
        lte(consultationBookings.selectedStart, new Date(now.getTime() + 24 * 3_600_000)),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const { id } of due) {
    await db().transaction(async (tx) => {
      const { booking, lead } = await bookingWithLead(tx, id, true);
      if (booking.status !== "confirmed" || booking.reminderSentAt || !booking.selectedStart) return;
      // The dedupe key makes a second process (or a second turn) enqueue nothing.
      await enqueueBookingEmail(tx, {
        templateKey: "booking_reminder",
        booking,
        lead,
        settings,
        dedupeKey: `booking-reminder:${booking.id}:${booking.selectedStart.toISOString()}`,
      });
      await tx.update(consultationBookings).set({ reminderSentAt: now }).where(eq(consultationBookings.id, booking.id));
      sent += 1;
    });
  }
  return sent;
}

/** Leads who can still be invited (not converted), newest first, for the invitation dialog's picker. */
export async function listInvitableLeads(limit = 200): Promise<{ id: string; name: string; email: string }[]> {
  return db()
    .select({ id: leads.id, name: leads.name, email: leads.email })
    .from(leads)
    .where(ne(leads.status, "converted"))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
}
