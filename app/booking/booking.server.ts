import { timingSafeEqual } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { findOfferedTimes, type OfferedTime } from "~/availability/offered-times.server";
import { availabilitySlots, blockedDates } from "~/availability/schema";
import { dateInZone, offerableSlots, slotInstants, todayInZone } from "~/availability/slot-time";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { organizationSettings } from "~/settings/schema";
import { getOrganizationSettings } from "~/settings/settings.server";
import { enqueueBookingEmail } from "~/consultations/booking-emails.server";
import { refusalFor, visitorMayChange } from "~/consultations/booking-status";
import { BookingError, cancelInTransaction } from "~/consultations/bookings.server";
import { consultationBookings, type ConsultationBooking, type ConsultationBookingStatus } from "~/consultations/schema";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { nextTimedChange } from "./booking-page-clock";

export const SLOT_TAKEN = "This time slot is no longer available. Please choose another time.";
export const INVALID_LINK = "Invalid booking link";
export const LEAD_NOT_FOUND = "Lead not found";

/** `{uuid}-{32 hex}`; anything else is not one of our links. */
const TOKEN_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{32}$/;

export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

/**
 * The invitation a token opens, with its lead. Looked up by the whole token (unique index) and
 * compared in constant time; a lead id with any other suffix finds nothing.
 */
async function findInvitation(tx: DatabaseExecutor, token: string, lock = false) {
  const query = tx
    .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.bookingToken, token));
  const [row] = lock ? await query.for("update", { of: consultationBookings }) : await query;
  if (!row || !sameToken(row.booking.bookingToken, token)) return null;
  return row;
}

function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}


export type BookingPageData =
  | { kind: "error"; message: string }
  | {
      kind: "ready";
      token: string;
      leadName: string;
      status: ConsultationBookingStatus;
      /** ISO instants of the held time, if any. */
      booked: { start: string; end: string } | null;
      meetingLink: string | null;
      /** Shared between the pages of every invitation with the same last date: never changed in place. */
      offered: readonly OfferedTime[];
      /** Times the agency proposed (shown first); each 30 minutes. */
      proposed: { start: string; end: string }[];
      canChange: boolean;
      cutoffHours: number;
    };

/** A page and the instant it next changes by the clock alone (see nextTimedChange); an error is not kept at all. */
export type BookingPageReading = { page: BookingPageData; changesAt: number };

export type OfferedTimesSource = (lastDate: string, now: Date, timeZone: string) => Promise<readonly OfferedTime[]>;

/**
 * Everything the public page shows, in two indexed queries: the invitation by its unique token
 * with its lead and the settings row; then the offered times of its window (`offeredTimes`: the
 * query above, or the page cache's shared copy of it).
 */
export async function readBookingPage(
  token: string | undefined,
  now = new Date(),
  offeredTimes: OfferedTimesSource = findOfferedTimes,
): Promise<BookingPageReading> {
  const refused = (message: string): BookingPageReading => ({ page: { kind: "error", message }, changesAt: now.getTime() });
  if (!token) return refused(INVALID_LINK);
  if (!isWellFormedToken(token)) return refused(LEAD_NOT_FOUND);
  const [row] = await db()
    .select({
      booking: consultationBookings,
      leadName: leads.name,
      timezone: organizationSettings.timezone,
      cutoffHours: organizationSettings.bookingCancelCutoffHours,
    })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .innerJoin(organizationSettings, eq(organizationSettings.id, 1))
    .where(eq(consultationBookings.bookingToken, token));
  if (!row || !sameToken(row.booking.bookingToken, token)) return refused(LEAD_NOT_FOUND);
  const { booking } = row;
  const open = refusalFor("book", booking.status) === null;
  const canChange = open && visitorMayChange(booking.selectedStart, now, row.cutoffHours);
  const offered = canChange ? await offeredTimes(booking.windowEndsOn ?? todayInZone(now, row.timezone), now, row.timezone) : [];
  const proposed =
    canChange && booking.status === "rescheduled" ? booking.proposedSlots.filter((slot) => new Date(slot.start) > now) : [];
  const booked =
    booking.selectedStart && booking.selectedEnd ? { start: booking.selectedStart.toISOString(), end: booking.selectedEnd.toISOString() } : null;
  const page: BookingPageData = {
    kind: "ready",
    token,
    leadName: row.leadName,
    status: booking.status,
    booked,
    meetingLink: booking.status === "confirmed" ? booking.meetingLink : null,
    offered,
    proposed,
    canChange,
    cutoffHours: row.cutoffHours,
  };
  const changesAt = nextTimedChange(
    { offered, proposed, bookedStart: booking.selectedStart?.toISOString() ?? null, canChange, cutoffHours: row.cutoffHours, windowEndsOn: booking.windowEndsOn, timeZone: row.timezone },
    now,
  );
  return { page, changesAt };
}

/** The page as it is now, straight from the database (the route reads it through the page cache). */
export async function loadBookingPage(token: string | undefined, now = new Date()): Promise<BookingPageData> {
  return (await readBookingPage(token, now)).page;
}

export type BookSlotInput = {
  token: string;
  /** An offered availability slot… */
  slotId?: string;
  /** …or one of the times the agency proposed (ISO instant). */
  proposedStart?: string;
  /** The visitor's browser zone, to write their e-mail's time in. */
  visitorTimeZone?: string;
};

function validZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * Books (or re-books) the invitation's time. One transaction: lock the invitation, free the slot
 * it held, claim the new slot with one conditional update (open and unbooked → booked by this
 * booking), record the time, e-mail both sides. Two visitors racing for a slot: the second
 * update finds the row no longer open and gets SLOT_TAKEN; the unique index on booking_id keeps
 * one invitation from ever holding two slots.
 */
export async function bookSlot(input: BookSlotInput, now = new Date()): Promise<ConsultationBooking> {
  if (!isWellFormedToken(input.token)) throw new BookingError(LEAD_NOT_FOUND);
  const settings = await getOrganizationSettings();
  const zone = settings.timezone;
  const visitorZone = validZone(input.visitorTimeZone);
  return db().transaction(async (tx) => {
    const row = await findInvitation(tx, input.token, true);
    if (!row) throw new BookingError(LEAD_NOT_FOUND);
    const { booking, lead } = row;
    const refusal = refusalFor("book", booking.status);
    if (refusal) throw new BookingError(refusal);
    if (!visitorMayChange(booking.selectedStart, now, settings.bookingCancelCutoffHours)) {
      throw new BookingError(`Your consultation can no longer be changed online (less than ${settings.bookingCancelCutoffHours} hours to go). Please reply to your confirmation e-mail.`);
    }

    let slotId: string;
    if (input.proposedStart) {
      const proposal = booking.proposedSlots.find((slot) => new Date(slot.start).getTime() === new Date(input.proposedStart ?? "").getTime());
      if (booking.status !== "rescheduled" || !proposal || new Date(proposal.start) <= now) throw new BookingError(SLOT_TAKEN);
      const start = new TZDate(new Date(proposal.start), zone);
      const end = new TZDate(new Date(proposal.end), zone);
      // A proposed time becomes a slot, so the same constraint guards it against double booking.
      const local = { date: dateInZone(start, zone), startTime: format(start, "HH:mm:ss"), endTime: format(end, "HH:mm:ss") };
      await tx.insert(availabilitySlots).values({ ...local, status: "open" }).onConflictDoNothing();
      const [slot] = await tx
        .select({ id: availabilitySlots.id })
        .from(availabilitySlots)
        .where(and(eq(availabilitySlots.date, local.date), eq(availabilitySlots.startTime, local.startTime), eq(availabilitySlots.endTime, local.endTime)));
      if (!slot) throw new BookingError(SLOT_TAKEN);
      slotId = slot.id;
    } else {
      if (!input.slotId) throw new BookingError("Please select a time.");
      const [candidate] = await tx
        .select()
        .from(availabilitySlots)
        .where(sql`${availabilitySlots.id}::text = ${input.slotId}`);
      const blocked = candidate
        ? await tx
            .select({ startDate: blockedDates.startDate, endDate: blockedDates.endDate })
            .from(blockedDates)
            .where(and(lte(blockedDates.startDate, candidate.date), gte(blockedDates.endDate, candidate.date)))
        : [];
      const lastDate = booking.windowEndsOn ?? todayInZone(now, zone);
      if (!candidate || offerableSlots([candidate], { now, blocked, lastDate, timeZone: zone }).length === 0) {
        throw new BookingError(SLOT_TAKEN);
      }
      slotId = candidate.id;
    }

    const previousStart = booking.selectedStart;
    await tx
      .update(availabilitySlots)
      .set({ status: "open", bookingId: null })
      .where(eq(availabilitySlots.bookingId, booking.id));
    const [claimed] = await tx
      .update(availabilitySlots)
      .set({ status: "booked", bookingId: booking.id })
      .where(and(eq(availabilitySlots.id, slotId), eq(availabilitySlots.status, "open"), isNull(availabilitySlots.bookingId)))
      .returning();
    if (!claimed) throw new BookingError(SLOT_TAKEN);
    const instants = slotInstants(claimed, zone);
    if (!instants) throw new BookingError(SLOT_TAKEN);
    const [updated] = await tx
      .update(consultationBookings)
      .set({
        status: "pending",
        selectedSlotId: claimed.id,
        selectedStart: instants.start,
        selectedEnd: instants.end,
        proposedSlots: [],
        reminderSentAt: null,
        icsSequence: previousStart ? booking.icsSequence + 1 : booking.icsSequence,
        updatedAt: now,
      })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!updated) throw new BookingError("Failed to confirm booking");
    await tx.update(leads).set({ bookingStatus: "booked" }).where(eq(leads.id, lead.id));
    await recordLeadEvent(tx, {
      leadId: lead.id,
      event: "booked",
      data: { bookingId: updated.id, start: instants.start.toISOString(), rescheduled: Boolean(previousStart) },
    });
    const templateKey = previousStart ? "booking_rescheduled" : "booking_received";
    await enqueueBookingEmail(tx, { templateKey, booking: updated, lead, settings, calendar: "REQUEST", timeZone: visitorZone });
    await enqueueBookingEmail(tx, { templateKey: "booking_agency_notification", booking: updated, lead, settings, calendar: "REQUEST", to: "agency" });
    return updated;
  });
}

/** The visitor cancels their booked time, until the cut-off. */
export async function cancelByVisitor(token: string, now = new Date()): Promise<ConsultationBooking> {
  if (!isWellFormedToken(token)) throw new BookingError(LEAD_NOT_FOUND);
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const row = await findInvitation(tx, token, true);
    if (!row) throw new BookingError(LEAD_NOT_FOUND);
    if (!row.booking.selectedStart) throw new BookingError("There is no booked time to cancel.");
    if (!visitorMayChange(row.booking.selectedStart, now, settings.bookingCancelCutoffHours)) {
      throw new BookingError(`Your consultation can no longer be cancelled online (less than ${settings.bookingCancelCutoffHours} hours to go). Please reply to your confirmation e-mail.`);
    }
    return cancelInTransaction(tx, row.booking.id, settings, now);
  });
}
