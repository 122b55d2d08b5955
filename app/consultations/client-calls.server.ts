import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { findOfferedTimes, type OfferedTimes } from "~/availability/offered-times.server";
import { findClient } from "~/clients/client-lookups.server";
import { leadIdOfClient } from "~/clients/lead-of-client.server";
import type { Client } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { notFound, Refusal } from "~/refusal/refusal";
import { leads } from "~/leads/schema";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { bookingCalendarFile } from "./booking-calendar";
import { bookingEventFile } from "./booking-emails.server";
import { BOOKING_STATUS_LABELS, refusalFor, visitorMayChange } from "./booking-status";
import { newBookingToken } from "./invitation-token.server";
import { consultationBookings, consultations, type ConsultationBooking, type Consultation } from "./schema";
import { bookInvitation } from "./book-invitation.server";

/**
 * A client's calls as the client portal shows them: their bookings (made on the booking page, from
 * the portal, or the invitations the agency sent them) and the consultations the agency scheduled
 * for them. Every read and change names the client, so another client's call is never found; the
 * booking page's rules (its statuses, the cut-off before a call, the offered times, its e-mails)
 * hold here as there, through the same services.
 */

/** How far ahead a client may book from the portal: the longest window an invitation offers. */
export const PORTAL_BOOKING_WINDOW_DAYS = 30;

/** A client books at most this many calls ahead; more is a reschedule, or a word with the agency. */
export const MAX_UPCOMING_CALLS = 3;

export type ClientCall = {
  id: string;
  kind: "booking" | "consultation";
  title: string;
  status: string;
  /** ISO instants; null while no time is chosen. */
  start: string | null;
  end: string | null;
  meetingLink: string | null;
  /** The client may pick, move or cancel its time here (the booking page's rules). */
  canChange: boolean;
  /** A time can be added to a calendar. */
  hasCalendarFile: boolean;
};

export type ClientCalls = { upcoming: ClientCall[]; past: ClientCall[]; cutoffHours: number; timeZone: string };

const OPEN_STATUSES = ["pending", "confirmed", "rescheduled"] as const;

function bookingsOf(client: Pick<Client, "id" | "leadId">) {
  return client.leadId ? or(eq(consultationBookings.clientId, client.id), eq(consultationBookings.leadId, client.leadId)) : eq(consultationBookings.clientId, client.id);
}

/** A consultation's business-local date and times as instants (its end: the start plus the default length when it has none). */
function consultationInstants(consultation: Consultation, settings: OrganizationSettings): { start: Date; end: Date } | null {
  if (!consultation.scheduledDate || !consultation.scheduledStartTime) return null;
  const start = localToInstant(consultation.scheduledDate, consultation.scheduledStartTime.slice(0, 5), settings.timezone);
  if (!start) return null;
  const end = consultation.scheduledEndTime ? localToInstant(consultation.scheduledDate, consultation.scheduledEndTime.slice(0, 5), settings.timezone) : null;
  return { start, end: end && end > start ? end : new Date(start.getTime() + settings.defaultConsultDurationMinutes * 60_000) };
}

function isUpcomingBooking(booking: ConsultationBooking, today: string, now: Date): boolean {
  if (!(OPEN_STATUSES as readonly string[]).includes(booking.status)) return false;
  return booking.selectedStart ? booking.selectedStart > now : (booking.windowEndsOn ?? today) >= today;
}

function bookingCall(booking: ConsultationBooking, settings: OrganizationSettings, now: Date): ClientCall {
  const open = refusalFor("book", booking.status) === null;
  const upcoming = booking.selectedStart ? booking.selectedStart > now : true;
  return {
    id: booking.id,
    kind: "booking",
    title: "Consultation",
    status: booking.selectedStart || booking.status !== "pending" ? BOOKING_STATUS_LABELS[booking.status] : "Choose a time",
    start: booking.selectedStart?.toISOString() ?? null,
    end: booking.selectedEnd?.toISOString() ?? null,
    meetingLink: booking.status === "confirmed" ? booking.meetingLink : null,
    canChange: open && upcoming && visitorMayChange(booking.selectedStart, now, settings.bookingCancelCutoffHours),
    hasCalendarFile: open && upcoming && booking.selectedStart !== null,
  };
}

const CONSULTATION_STATUS = { scheduled: "Scheduled", completed: "Completed", cancelled: "Cancelled", rescheduled: "Rescheduled" } as const;

function consultationCall(consultation: Consultation, settings: OrganizationSettings, upcoming: boolean): ClientCall {
  const instants = consultationInstants(consultation, settings);
  return {
    id: consultation.id,
    kind: "consultation",
    title: consultation.consultType === "initial" ? "Initial consultation" : "Follow-up consultation",
    status: CONSULTATION_STATUS[consultation.status],
    start: instants?.start.toISOString() ?? null,
    end: instants?.end.toISOString() ?? null,
    meetingLink: upcoming ? consultation.meetingLink : null,
    canChange: false,
    hasCalendarFile: upcoming && instants !== null,
  };
}

/** The client's calls: upcoming ones (soonest first) and past ones (latest first). */
export async function listClientCalls(clientId: string, now = new Date()): Promise<ClientCalls> {
  const [client, settings] = await Promise.all([findClient(clientId), getOrganizationSettings()]);
  if (!client) throw notFound("Client not found");
  const today = dayIn(now, settings.timezone);
  const [bookingRows, consultationRows] = await Promise.all([
    db().select().from(consultationBookings).where(bookingsOf(client)).orderBy(desc(consultationBookings.createdAt)),
    db().select().from(consultations).where(eq(consultations.clientId, client.id)),
  ]);
  const bookingIds = new Set(bookingRows.map((booking) => booking.id));
  const upcoming: ClientCall[] = [];
  const past: ClientCall[] = [];
  for (const booking of bookingRows) {
    if (isUpcomingBooking(booking, today, now)) upcoming.push(bookingCall(booking, settings, now));
    // An invitation never booked, or closed before a time was chosen, is nothing to look back on.
    else if (booking.selectedStart) past.push(bookingCall(booking, settings, now));
  }
  for (const consultation of consultationRows) {
    // A completed booking is kept as a consultation too: shown once, as the booking.
    if (consultation.bookingId && bookingIds.has(consultation.bookingId)) continue;
    const upcomingConsultation = consultation.status === "scheduled" && (consultation.scheduledDate ?? today) >= today;
    (upcomingConsultation ? upcoming : past).push(consultationCall(consultation, settings, upcomingConsultation));
  }
  const at = (call: ClientCall) => (call.start ? Date.parse(call.start) : Number.MAX_SAFE_INTEGER);
  upcoming.sort((a, b) => at(a) - at(b));
  past.sort((a, b) => at(b) - at(a));
  return { upcoming, past, cutoffHours: settings.bookingCancelCutoffHours, timeZone: settings.timezone };
}

/** The booking-page token of one of the client's bookings (to book, move or cancel it by the page's rules); null when it is not theirs. */
export async function bookingTokenOfClient(clientId: string, bookingId: string): Promise<string | null> {
  const client = await findClient(clientId);
  if (!client) return null;
  const [row] = await db()
    .select({ token: consultationBookings.bookingToken })
    .from(consultationBookings)
    .where(and(eq(consultationBookings.id, bookingId), bookingsOf(client)));
  return row?.token ?? null;
}

/** The times a client may book a new call at: the agency's open times in the portal's window. */
export async function offeredTimesForNewCall(now = new Date()): Promise<{ offered: OfferedTimes; timeZone: string; companyName: string; durationMinutes: number }> {
  const settings = await getOrganizationSettings();
  const lastDate = addDaysToDate(dayIn(now, settings.timezone), PORTAL_BOOKING_WINDOW_DAYS);
  return {
    offered: await findOfferedTimes(lastDate, now, settings.timezone),
    timeZone: settings.timezone,
    companyName: settings.companyName ?? "Our studio",
    durationMinutes: settings.defaultConsultDurationMinutes,
  };
}

/**
 * Books a new call from the client portal: an invitation for the client (their lead, made now if
 * they came without one) and its booking, in one transaction, by the booking page's rules and with
 * its e-mails. A slot taken meanwhile rolls both back.
 */
export async function bookCallForClient(
  clientId: string,
  input: { slotKey: string; visitorTimeZone?: string },
  now = new Date(),
): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  const today = dayIn(now, settings.timezone);
  return db().transaction(async (tx) => {
    // Locks the client: two bookings at once count each other.
    const leadId = await leadIdOfClient(tx, clientId);
    const [counted] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(consultationBookings)
      .where(
        and(
          or(eq(consultationBookings.clientId, clientId), eq(consultationBookings.leadId, leadId)),
          inArray(consultationBookings.status, [...OPEN_STATUSES]),
          sql`${consultationBookings.selectedStart} > ${now.toISOString()}::timestamptz`,
        ),
      );
    if (Number(counted?.total ?? 0) >= MAX_UPCOMING_CALLS) {
      throw new Refusal(`You already have ${MAX_UPCOMING_CALLS} calls booked. Move or cancel one of them to book another.`, { status: 409 });
    }
    const [lead] = await tx.select({ id: leads.id, name: leads.name, email: leads.email }).from(leads).where(eq(leads.id, leadId));
    if (!lead) throw notFound("Client not found");
    const [invitation] = await tx
      .insert(consultationBookings)
      .values({
        leadId,
        clientId,
        bookingToken: newBookingToken(leadId),
        status: "pending",
        windowDays: PORTAL_BOOKING_WINDOW_DAYS,
        windowEndsOn: addDaysToDate(today, PORTAL_BOOKING_WINDOW_DAYS),
      })
      .returning();
    if (!invitation) throw new Error("The booking was not saved");
    return bookInvitation(tx, { invitation: { booking: invitation, lead }, choice: input, settings, now });
  });
}

/**
 * The calendar file of one of the client's upcoming calls: for a booking, the same event as its
 * e-mails' invitation (same UID and sequence, so it updates rather than doubles); null when the
 * call is not theirs or has no time.
 */
export async function clientCallCalendarFile(clientId: string, callId: string, now = new Date()): Promise<string | null> {
  const [client, settings] = await Promise.all([findClient(clientId), getOrganizationSettings()]);
  if (!client) return null;
  const companyName = settings.companyName ?? "Our studio";
  const organizer = { name: companyName, email: settings.replyToEmail ?? "no-reply@localhost" };
  const attendee = { name: client.name, email: client.email };
  const [booking] = await db().select().from(consultationBookings).where(and(eq(consultationBookings.id, callId), bookingsOf(client)));
  if (booking) return bookingCall(booking, settings, now).hasCalendarFile ? bookingEventFile({ booking, attendee, settings }) : null;
  const [consultation] = await db().select().from(consultations).where(and(eq(consultations.id, callId), eq(consultations.clientId, client.id)));
  const instants = consultation ? consultationInstants(consultation, settings) : null;
  if (!consultation || !instants || consultation.status !== "scheduled") return null;
  return bookingCalendarFile({
    bookingId: consultation.id,
    uid: `consultation-${consultation.id}@consultations`,
    sequence: 0,
    method: "REQUEST",
    start: instants.start,
    end: instants.end,
    title: `${consultationCall(consultation, settings, true).title}: ${companyName} and ${client.name}`,
    description: consultation.meetingLink ? `Join: ${consultation.meetingLink}` : "We will send the meeting link before the call.",
    meetingLink: consultation.meetingLink,
    organizer,
    attendee,
  });
}
