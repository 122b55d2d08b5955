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
import { enqueueBookingEmail, type BookingLead } from "./booking-emails.server";
import { refusalFor, visitorMayChange } from "./booking-status";
import { cancelInTransaction } from "./bookings.server";
import { consultationBookings, type ConsultationBooking, type ConsultationBookingStatus } from "./schema";
import { publish } from "~/events/domain-events";
import { dayIn } from "~/formatting/dates";

/**
 * The visitor's side of an invitation (its capability link): what their booking page shows, and
 * booking, re-booking or cancelling a time. Consultations' rules, called by the public booking
 * page's route (app/booking); slots are claimed through the availability service and the lead's
 * booking status and timeline written through the leads services, all in one transaction.
 */
export const SLOT_TAKEN = "This time slot is no longer available. Please choose another time.";
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
    };

/** What of the page depends on the clock besides what it shows (the booking page's clock reads it). */
export type VisitorBookingClock = { bookedStart: string | null; windowEndsOn: string | null };

/** The settings a booking page reads: the same for every link, so the page cache keeps one copy. */
export type BookingPageSettings = Pick<OrganizationSettings, "timezone" | "bookingCancelCutoffHours">;

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
  const visitorZone = validZone(input.visitorTimeZone);
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
  await enqueueBookingEmail(tx, { templateKey, booking: updated, lead, settings, calendar: "REQUEST", timeZone: visitorZone });
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
