import { createEvent, type DateTime } from "ics";

/**
 * The calendar invitation attached to booking e-mails. One event per booking: the UID is the
 * booking's id, so a reschedule (same UID, higher SEQUENCE) moves the event in the visitor's
 * calendar and a cancellation (METHOD:CANCEL) removes it, instead of adding a second one.
 */
export type BookingCalendarEvent = {
  bookingId: string;
  /** The event's own UID when it is not a booking's (a consultation the agency scheduled). */
  uid?: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  title: string;
  description: string;
  meetingLink?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

const utcParts = (instant: Date): DateTime => [
  instant.getUTCFullYear(),
  instant.getUTCMonth() + 1,
  instant.getUTCDate(),
  instant.getUTCHours(),
  instant.getUTCMinutes(),
];

export function bookingUid(bookingId: string): string {
  return `booking-${bookingId}@consultations`;
}

export function bookingCalendarFile(event: BookingCalendarEvent): string {
  const { error, value } = createEvent({
    uid: event.uid ?? bookingUid(event.bookingId),
    sequence: event.sequence,
    method: event.method,
    status: event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    start: utcParts(event.start),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcParts(event.end),
    endInputType: "utc",
    endOutputType: "utc",
    title: event.title,
    description: event.description,
    ...(event.meetingLink ? { location: event.meetingLink, url: event.meetingLink } : {}),
    organizer: event.organizer,
    attendees: [{ name: event.attendee.name, email: event.attendee.email, rsvp: true, role: "REQ-PARTICIPANT", partstat: "NEEDS-ACTION" }],
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made");
  return value;
}
