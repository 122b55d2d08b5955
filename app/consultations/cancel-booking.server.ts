import { eq } from "drizzle-orm";
import { releaseSlotOfBooking } from "~/availability/availability.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { enqueueBookingEmail } from "./booking-emails.server";
import { bookingWithLead, recordBookingChange, refuseUnlessAllowed, type BookingChangeOptions } from "./booking-records.server";
import { consultationBookings, type ConsultationBooking } from "./schema";

/** The admin cancels an open booking: its slot reopens and the calendar event is cancelled. */
export async function cancelBooking({ actor, bookingId, now = new Date() }: BookingChangeOptions): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const cancelled = await cancelBookingInTransaction(tx, { bookingId, settings, now });
    await recordBookingChange(tx, actor, cancelled, { intent: "cancel", summary: "Cancelled a booking", details: { released: cancelled.selectedStart !== null } });
    return cancelled;
  });
}

/** The cancellation itself, whoever cancels (admin or visitor), inside the caller's transaction. */
export async function cancelBookingInTransaction(
  tx: DatabaseExecutor,
  { bookingId, settings, now }: { bookingId: string; settings: OrganizationSettings; now: Date },
): Promise<ConsultationBooking> {
  const { booking, lead } = await bookingWithLead(tx, bookingId, true);
  refuseUnlessAllowed("cancel", booking.status);
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
