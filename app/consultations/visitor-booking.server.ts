import { timingSafeEqual } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { eq, inArray } from "drizzle-orm";
import { claimSlot, findOfferableSlot, releaseSlotOfBooking, slotAtTime } from "~/availability/availability.server";
import { parseSlotKey } from "~/availability/offered-days";
import { findOfferedTimes, type OfferedTimes } from "~/availability/offered-times.server";
import { slotInstants } from "~/availability/slot-time";
import { batchedReads } from "~/db/batched-reads.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { isRecordId } from "~/forms/record-id";
import { notFound, Refusal } from "~/refusal/refusal";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { leads } from "~/leads/schema";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { bookingCalendarFile } from "./booking-calendar";
import { bookingLink, enqueueBookingEmail, type BookingLead } from "./booking-emails.server";
import { refusalFor, SLOT_TAKEN, visitorMayChange } from "./booking-status";
import { cancelInTransaction } from "./bookings.server";
import { consultationBookings, type ConsultationBooking, type ConsultationBookingStatus } from "./schema";
import { publish } from "~/events/domain-events";
import { dayIn } from "~/formatting/dates";
import { validTimeZone } from "~/formatting/time-zones";

/**
 * The visitor's side of an invitation (its capability link): what their booking page shows, and
 * booking, re-booking or cancelling a time. Consultations' rules, called by the public booking
 * page's route (app/booking); slots are claimed through the availability service and the lead's
 * booking status and timeline written through the leads services, all in one transaction.
 */
export { SLOT_TAKEN };
export const INVALID_LINK = "Invalid booking link";
export const LEAD_NOT_FOUND = "Lead not found";

/** `{lead id}-{32 hex}` (newBookingToken); anything else is not one of our links. */
export function isWellFormedToken(token: string | undefined): token is string {
  if (typeof token !== "string") return false;
  const secretAt = token.lastIndexOf("-");
  return isRecordId(token.slice(0, secretAt)) && /^[0-9a-f]{32}$/.test(token.slice(secretAt + 1));
}

function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The invitation a token opens, with its lead. Looked up by the whole token (unique index) and
 * compared in constant time; a lead id with any other suffix finds nothing.
 */
async function findInvitation(tx: DatabaseExecutor, token: string) {
  const [row] = await tx
    .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.bookingToken, token))
    .for("update", { of: consultationBookings });
  if (!row || !sameToken(row.booking.bookingToken, token)) return null;
  return row;
}

export type VisitorBookingPage =
  | { kind: "error"; message: string }
  | {
      kind: "ready";
      leadName: string;
      status: ConsultationBookingStatus;
      /** ISO instants of the held time, if any. */
      booked: { start: string; end: string } | null;
      meetingLink: string | null;
      /** Shared between the pages of every invitation with the same last date: never changed in place. */
      offered: OfferedTimes;
      /** Times the agency proposed (shown first); each 30 minutes. */
      proposed: { start: string; end: string }[];
      canChange: boolean;
      cutoffHours: number;
      /** The business time zone, in which the offered days and minutes are read. */
      timeZone: string;
      /** What is being booked: with whom, and for how long (the picker says so above the times). */
      companyName: string;
      durationMinutes: number;
    };

/** What of the page depends on the clock besides what it shows (the booking page's clock reads it). */
export type VisitorBookingClock = { bookedStart: string | null; windowEndsOn: string | null };

/** The settings a booking page reads: the same for every link, so the page cache keeps one copy. */
export type BookingPageSettings = Pick<OrganizationSettings, "timezone" | "bookingCancelCutoffHours" | "companyName" | "defaultConsultDurationMinutes">;

/** Where a page's shared parts come from: the database by default, the page cache's kept copies when it reads. */
export type VisitorBookingSources = {
  offeredTimes: (lastDate: string, now: Date, timeZone: string) => Promise<OfferedTimes>;
  settings: (now: Date) => Promise<BookingPageSettings>;
};

const fromDatabase: VisitorBookingSources = { offeredTimes: findOfferedTimes, settings: () => getOrganizationSettings() };

/**
 * What a page shows of its invitation and lead, by token: the pages read together (a burst of
 * visitors, each on their own link) share one query (app/db/batched-reads.server.ts).
 */
const readInvitationForPage = batchedReads(async (tokens: readonly string[]) => {
  const rows = await db()
    .select({
      bookingToken: consultationBookings.bookingToken,
      status: consultationBookings.status,
      selectedStart: consultationBookings.selectedStart,
      selectedEnd: consultationBookings.selectedEnd,
      meetingLink: consultationBookings.meetingLink,
      windowEndsOn: consultationBookings.windowEndsOn,
      proposedSlots: consultationBookings.proposedSlots,
      leadName: leads.name,
    })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(inArray(consultationBookings.bookingToken, [...tokens]));
  return new Map(rows.map((row) => [row.bookingToken, row]));
});

/**
 * Everything the visitor's page shows: the invitation by its unique token with its lead's name (an
 * indexed query, shared with the pages read at the same moment), the settings, and the offered
 * times of its window (`sources`: the database, or the page cache's copies shared by every link).
 */
export async function readVisitorBooking(
  token: string | undefined,
  now = new Date(),
  sources: VisitorBookingSources = fromDatabase,
): Promise<{ page: VisitorBookingPage; clock: VisitorBookingClock | null }> {
  const refused = (message: string) => ({ page: { kind: "error" as const, message }, clock: null });
  if (!token) return refused(INVALID_LINK);
  if (!isWellFormedToken(token)) return refused(LEAD_NOT_FOUND);
  const [row, settings] = await Promise.all([readInvitationForPage(token), sources.settings(now)]);
  if (!row || !sameToken(row.bookingToken, token)) return refused(LEAD_NOT_FOUND);
  const timeZone = settings.timezone;
  const cutoffHours = settings.bookingCancelCutoffHours;
  const open = refusalFor("book", row.status) === null;
  const canChange = open && visitorMayChange(row.selectedStart, now, cutoffHours);
  const offered = canChange ? await sources.offeredTimes(row.windowEndsOn ?? dayIn(now, timeZone), now, timeZone) : NOTHING_OFFERED;
  const proposed = canChange && row.status === "rescheduled" ? row.proposedSlots.filter((slot) => new Date(slot.start) > now) : [];
  const booked = row.selectedStart && row.selectedEnd ? { start: row.selectedStart.toISOString(), end: row.selectedEnd.toISOString() } : null;
  return {
    page: {
      kind: "ready",
      leadName: row.leadName,
      status: row.status,
      booked,
      meetingLink: row.status === "confirmed" ? row.meetingLink : null,
      offered,
      proposed,
      canChange,
      cutoffHours,
      timeZone,
      companyName: settings.companyName ?? "Our studio",
      durationMinutes: settings.defaultConsultDurationMinutes,
    },
    clock: { bookedStart: row.selectedStart?.toISOString() ?? null, windowEndsOn: row.windowEndsOn },
  };
}

const NOTHING_OFFERED: OfferedTimes = Object.freeze({ days: "", count: 0, firstStart: null });

export type BookSlotInput = {
  token: string;
  /** An offered time, by its slot key (`{day}/{minute}` in the business zone, offered-days.ts)… */
  slotKey?: string;
  /** …or one of the times the agency proposed (ISO instant). */
  proposedStart?: string;
  /** The zone the visitor saw the times in (their browser's, or one they chose), to write their e-mails in. */
  visitorTimeZone?: string;
};

const slotTaken = () => new Refusal(SLOT_TAKEN, { status: 409, code: "booking.slot-taken" });

/**
 * Books (or re-books) the invitation's time. One transaction: lock the invitation, free the slot
 * it held, claim the new slot with one conditional update (availability's `claimSlot`), record
 * the time, e-mail both sides. Two visitors racing for a slot: the second claim finds the row no
 * longer open and gets SLOT_TAKEN, and the whole transaction rolls back; the unique index on
 * booking_id keeps one invitation from ever holding two slots.
 */
export async function bookSlot(input: BookSlotInput, now = new Date()): Promise<ConsultationBooking> {
  if (!isWellFormedToken(input.token)) throw notFound(LEAD_NOT_FOUND);
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const row = await findInvitation(tx, input.token);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    return bookInvitation(tx, row, input, settings, now);
  });
}

/**
 * The booking itself, inside the caller's transaction, for an invitation the caller has locked (or
 * just made: a client booking from the client portal). The booking page's rules hold whoever books:
 * the status, the cut-off before the call, the offered or proposed time, the same e-mails.
 */
export async function bookInvitation(
  tx: DatabaseExecutor,
  { booking, lead }: { booking: ConsultationBooking; lead: BookingLead },
  input: Omit<BookSlotInput, "token">,
  settings: OrganizationSettings,
  now: Date,
): Promise<ConsultationBooking> {
  const zone = settings.timezone;
  const visitorZone = validTimeZone(input.visitorTimeZone);
  const refusal = refusalFor("book", booking.status);
  if (refusal) throw new Refusal(refusal, { status: 409 });
  if (!visitorMayChange(booking.selectedStart, now, settings.bookingCancelCutoffHours)) {
    throw new Refusal(
      `Your consultation can no longer be changed online (less than ${settings.bookingCancelCutoffHours} hours to go). Please reply to your confirmation e-mail.`,
      { status: 409 },
    );
  }

  let slotId: string;
  if (input.proposedStart) {
    const proposal = booking.proposedSlots.find((slot) => new Date(slot.start).getTime() === new Date(input.proposedStart ?? "").getTime());
    if (booking.status !== "rescheduled" || !proposal || new Date(proposal.start) <= now) throw slotTaken();
    const start = new TZDate(new Date(proposal.start), zone);
    const end = new TZDate(new Date(proposal.end), zone);
    const local = { date: dayIn(start, zone), startTime: format(start, "HH:mm:ss"), endTime: format(end, "HH:mm:ss") };
    // A slot lies within one day; a time proposed across midnight (refused since) cannot become one.
    if (local.endTime <= local.startTime) throw slotTaken();
    const id = await slotAtTime(tx, local);
    if (!id) throw slotTaken();
    slotId = id;
  } else {
    if (!input.slotKey) throw new Refusal("Please select a time.", { field: "slot" });
    // An altered key names no slot: as for a time taken meanwhile, the visitor is asked to choose another.
    const key = parseSlotKey(input.slotKey);
    if (!key) throw slotTaken();
    const lastDate = booking.windowEndsOn ?? dayIn(now, zone);
    const candidate = await findOfferableSlot(tx, key, { now, lastDate, timeZone: zone });
    if (!candidate) throw slotTaken();
    slotId = candidate.id;
  }

  const previousStart = booking.selectedStart;
  await releaseSlotOfBooking(tx, booking.id);
  const claimed = await claimSlot(tx, slotId, booking.id);
  if (!claimed) throw slotTaken();
  const instants = slotInstants(claimed, zone);
  if (!instants) throw slotTaken();
  const [updated] = await tx
    .update(consultationBookings)
    .set({
      status: "pending",
      selectedSlotId: claimed.id,
      selectedStart: instants.start,
      selectedEnd: instants.end,
      // The zone the visitor saw this time in: every e-mail about it to them is written in it.
      visitorTimeZone: visitorZone ?? booking.visitorTimeZone,
      proposedSlots: [],
      reminderSentAt: null,
      icsSequence: previousStart ? booking.icsSequence + 1 : booking.icsSequence,
      updatedAt: now,
    })
    .where(eq(consultationBookings.id, booking.id))
    .returning();
  if (!updated) throw new Error("Failed to confirm booking");
  await setLeadBookingStatus(tx, lead.id, "booked");
  await publish(tx, "lead.booked", { leadId: lead.id, bookingId: updated.id, now });
  await recordLeadEvent(tx, {
    leadId: lead.id,
    event: "booked",
    data: { bookingId: updated.id, start: instants.start.toISOString(), rescheduled: Boolean(previousStart) },
  });
  const templateKey = previousStart ? "booking_rescheduled" : "booking_received";
  await enqueueBookingEmail(tx, { templateKey, booking: updated, lead, settings, calendar: "REQUEST" });
  await enqueueBookingEmail(tx, { templateKey: "booking_agency_notification", booking: updated, lead, settings, calendar: "REQUEST", to: "agency" });
  return updated;
}

/** The visitor cancels their booked time, until the cut-off. */
export async function cancelByVisitor(token: string, now = new Date()): Promise<ConsultationBooking> {
  if (!isWellFormedToken(token)) throw notFound(LEAD_NOT_FOUND);
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const row = await findInvitation(tx, token);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    if (!row.booking.selectedStart) throw new Refusal("There is no booked time to cancel.", { status: 409 });
    if (!visitorMayChange(row.booking.selectedStart, now, settings.bookingCancelCutoffHours)) {
      throw new Refusal(
        `Your consultation can no longer be cancelled online (less than ${settings.bookingCancelCutoffHours} hours to go). Please reply to your confirmation e-mail.`,
        { status: 409 },
      );
    }
    return cancelInTransaction(tx, row.booking.id, settings, now);
  });
}

/**
 * The calendar file of the time a link holds ('Add to calendar' on its page): the same event as its
 * e-mails' invitation (same UID and sequence, so it updates rather than doubles), or null when the
 * link is not one of ours or holds no time that is still on.
 */
export async function visitorCalendarFile(token: string | undefined): Promise<string | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db()
    .select({ booking: consultationBookings, lead: { name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.bookingToken, token));
  if (!row || !sameToken(row.booking.bookingToken, token)) return null;
  const { booking, lead } = row;
  if (!booking.selectedStart || !booking.selectedEnd || refusalFor("book", booking.status) !== null) return null;
  const settings = await getOrganizationSettings();
  const companyName = settings.companyName ?? "Our studio";
  const meetingLink = booking.status === "confirmed" ? booking.meetingLink : null;
  return bookingCalendarFile({
    bookingId: booking.id,
    sequence: booking.icsSequence,
    method: "REQUEST",
    start: booking.selectedStart,
    end: booking.selectedEnd,
    title: `Consultation: ${companyName} and ${lead.name}`,
    description: meetingLink ? `Join: ${meetingLink}` : `Booking page: ${bookingLink(booking.bookingToken)}`,
    meetingLink,
    organizer: { name: companyName, email: settings.replyToEmail ?? "no-reply@localhost" },
    attendee: lead,
  });
}
