import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { enqueueBookingEmail } from "./booking-emails.server";
import { bookingWithLead, recordBookingChange } from "./booking-records.server";

export type ResendBookingInvitationOptions = {
  actor: Actor;
  bookingId: string;
};

/** E-mails an invitation's link again. */
export async function resendBookingInvitation({ actor, bookingId }: ResendBookingInvitationOptions): Promise<void> {
  const settings = await getOrganizationSettings();
  await db().transaction(async (tx) => {
    const { booking, lead } = await bookingWithLead(tx, bookingId);
    await enqueueBookingEmail(tx, { templateKey: "booking_invitation", booking, lead, settings });
    await recordBookingChange(tx, actor, booking, { intent: "resend", summary: "Resent a booking invitation" });
  });
}
