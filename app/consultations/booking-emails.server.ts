import { findClientIdOfLead } from "~/clients/client-lookups.server";
import { config } from "~/config.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import type { EmailTemplateKey } from "~/email/schema";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import type { TemplateVariables } from "~/email/template-rendering";
import { firstName } from "~/email/template-variables";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import type { OrganizationSettings } from "~/organization/schema";
import { bookingCalendarFile } from "./booking-calendar";
import type { ConsultationBooking } from "./schema";
import { formatClockTime, formatLongDate } from "~/formatting/dates";
import { agencyAddress } from "~/organization/agency-address";

export type BookingLead = { id: string; name: string; email: string };

export function bookingLink(token: string): string {
  return `${config().publicUrl}/booking/${token}`;
}

/**
 * A booking's calendar event, the same wherever it is handed out (the e-mails' invitation, 'Add to
 * calendar' on the booking page and in the portal): one UID and sequence, so a calendar updates it
 * rather than doubling it. Its meeting link once the agency has confirmed the booking, its booking
 * page before. Null while the booking holds no time.
 */
export function bookingEventFile(options: {
  booking: ConsultationBooking;
  attendee: { name: string; email: string };
  settings: OrganizationSettings;
  method?: "REQUEST" | "CANCEL";
}): string | null {
  const { booking, attendee, settings } = options;
  if (!booking.selectedStart || !booking.selectedEnd) return null;
  const companyName = settings.companyName ?? "Our studio";
  const meetingLink = booking.status === "confirmed" ? booking.meetingLink : null;
  return bookingCalendarFile({
    bookingId: booking.id,
    sequence: booking.icsSequence,
    method: options.method ?? "REQUEST",
    start: booking.selectedStart,
    end: booking.selectedEnd,
    title: `Consultation: ${companyName} and ${attendee.name}`,
    description: meetingLink ? `Join: ${meetingLink}` : `Booking page: ${bookingLink(booking.bookingToken)}`,
    meetingLink,
    organizer: { name: companyName, email: settings.replyToEmail ?? "no-reply@localhost" },
    attendee,
  });
}

/** "Monday, March 9, 2026 at 10:00 am (America/New_York)": an e-mail always names the zone its times are in. */
export function describeWhen(start: Date, timeZone: string): string {
  return `${formatLongDate(start, timeZone)} at ${formatClockTime(start, timeZone)} (${timeZone})`;
}


type BookingMail = {
  templateKey: EmailTemplateKey;
  booking: ConsultationBooking;
  lead: BookingLead;
  settings: OrganizationSettings;
  /** Attach the booking's calendar event (REQUEST) or its cancellation (CANCEL). */
  calendar?: "REQUEST" | "CANCEL";
  /** The zone to write {{When}} in; by default the visitor's (stored with the booking) for them, the business zone for the agency. */
  timeZone?: string;
  to?: "visitor" | "agency";
  variables?: TemplateVariables;
  dedupeKey?: string;
};

/** Writes one booking e-mail into the outbox, inside the caller's transaction. */
export async function enqueueBookingEmail(tx: DatabaseExecutor, mail: BookingMail): Promise<void> {
  const { booking, lead, settings } = mail;
  const zone = mail.timeZone ?? (mail.to === "agency" ? null : booking.visitorTimeZone) ?? settings.timezone;
  const companyName = settings.companyName ?? "Our studio";
  const recipient = mail.to === "agency" ? agencyAddress(settings) : lead.email;
  if (!recipient) return;
  const attachments = [];
  const ics = mail.calendar ? bookingEventFile({ booking, attendee: { name: lead.name, email: lead.email }, settings, method: mail.calendar }) : null;
  if (ics) {
    attachments.push({
      filename: mail.calendar === "CANCEL" ? "cancel.ics" : "invite.ics",
      contentType: `text/calendar; charset=utf-8; method=${mail.calendar}`,
      content: Buffer.from(ics, "utf8").toString("base64"),
    });
  }
  // A visitor who is a client is pointed to their portal too, while it is on (decision 033).
  const portalLink = mail.to === "agency" ? null : clientPortalLink(settings);
  const isClient = portalLink !== null && (booking.clientId !== null || (await findClientIdOfLead(tx, lead.id)) !== null);
  await enqueueTemplatedEmail(tx, {
    templateKey: mail.templateKey,
    portalLink: isClient ? portalLink : null,
    to: recipient,
    toName: mail.to === "agency" ? companyName : lead.name,
    emailType: mail.templateKey,
    leadId: lead.id,
    bookingId: booking.id,
    attachments,
    dedupeKey: mail.dedupeKey,
    variables: {
      FirstName: firstName(lead.name),
      LeadName: lead.name,
      LeadEmail: lead.email,
      BookingLink: bookingLink(booking.bookingToken),
      DaysAhead: booking.windowDays,
      When: booking.selectedStart ? describeWhen(booking.selectedStart, zone) : "",
      MeetingLink: booking.meetingLink ?? "",
      CompanyName: companyName,
      ...mail.variables,
    },
  });
}
