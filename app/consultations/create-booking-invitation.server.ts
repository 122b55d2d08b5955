import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { addDaysToDate } from "~/availability/slot-time";
import { findOfferedTimes } from "~/availability/offered-times.server";
import { leadIdOfClient } from "~/clients/lead-of-client.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { publish } from "~/events/domain-events";
import { dayIn } from "~/formatting/dates";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { leads } from "~/leads/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { enqueueBookingEmail, type BookingLead } from "./booking-emails.server";
import { recordBookingChange } from "./booking-records.server";
import { INVITATION_WINDOWS, NO_SLOTS_FOR_INVITATION } from "./consultation-forms";
import { newBookingToken } from "./invitation-token.server";
import { consultationBookings, type ConsultationBooking } from "./schema";

export type CreateBookingInvitationOptions = {
  actor: Actor;
  /** The lead invited, or (from a client's record) the client whose lead is. */
  leadId?: string | null;
  clientId?: string | null;
  windowDays: number;
  now?: Date;
};

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

/**
 * Invites a lead: a booking (pending) with its capability token and window, the lead's
 * booking_status 'sent', and the link e-mailed, all in one transaction. Refused when the window
 * offers no time at all (the booking page's rule decides).
 */
export async function createBookingInvitation({ actor, leadId, clientId, windowDays, now = new Date() }: CreateBookingInvitationOptions): Promise<ConsultationBooking> {
  if (!(INVITATION_WINDOWS as readonly number[]).includes(windowDays)) throw new Refusal("Choose a window of 7, 14, 21 or 30 days.", { field: "windowDays" });
  const settings = await getOrganizationSettings();
  const lastDate = addDaysToDate(dayIn(now, settings.timezone), windowDays);
  if ((await findOfferedTimes(lastDate, now, settings.timezone)).count === 0) throw new Refusal(NO_SLOTS_FOR_INVITATION, { status: 409 });
  return db().transaction(async (tx) => {
    const lead = await findLeadForBooking(tx, leadId ?? (await leadOfClient(tx, clientId)));
    const [booking] = await tx
      .insert(consultationBookings)
      .values({
        leadId: lead.id,
        clientId: clientId ?? null,
        bookingToken: newBookingToken(lead.id),
        status: "pending",
        windowDays,
        windowEndsOn: lastDate,
      })
      .returning();
    if (!booking) throw new Error("The invitation was not saved");
    await setLeadBookingStatus(tx, lead.id, "sent", { onlyFrom: "not_sent" });
    await recordLeadEvent(tx, { leadId: lead.id, event: "invitation_sent", data: { bookingId: booking.id, windowDays }, actorUserId: actor.userId });
    await enqueueBookingEmail(tx, { templateKey: "booking_invitation", booking, lead, settings });
    await publish(tx, "booking.invitation-sent", { leadId: lead.id, bookingId: booking.id, now });
    await recordBookingChange(tx, actor, booking, {
      intent: "send",
      summary: `Sent a booking invitation for the next ${windowDays} days`,
      details: { windowDays, clientId: booking.clientId },
    });
    return booking;
  });
}
