import { eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Refusal } from "~/refusal/refusal";
import { enqueueBookingEmail } from "./booking-emails.server";
import { bookingWithLead, recordBookingChange, refuseUnlessAllowed, type BookingChangeOptions } from "./booking-records.server";
import { consultationBookings, type ConsultationBooking } from "./schema";

export type ConfirmBookingOptions = BookingChangeOptions<{
  /** As typed; empty falls back to the organization's default meeting link. */
  meetingLink?: string | null;
}>;

const httpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** Admin confirms a pending booking with a meeting link; the visitor gets it with the calendar update. */
export async function confirmBooking({ actor, bookingId, meetingLink: typedLink, now = new Date() }: ConfirmBookingOptions): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  const meetingLink = (typedLink?.trim() || settings.defaultMeetingLink || "").trim();
  if (!meetingLink) throw new Refusal("Please provide a meeting link", { field: "meetingLink" });
  if (!httpUrl(meetingLink)) throw new Refusal("The meeting link must start with http:// or https://", { field: "meetingLink" });
  return db().transaction(async (tx) => {
    const { booking, lead } = await bookingWithLead(tx, bookingId, true);
    refuseUnlessAllowed("confirm", booking.status);
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
