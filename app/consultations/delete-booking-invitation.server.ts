import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { releaseSlotOfBooking } from "~/availability/availability.server";
import { db } from "~/db/connection.server";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { bookingWithLead, recordBookingChange } from "./booking-records.server";
import { consultationBookings } from "./schema";

export type DeleteBookingInvitationOptions = {
  actor: Actor;
  bookingId: string;
};

/** Deletes an invitation (and its booking); the slot it held is open again. */
export async function deleteBookingInvitation({ actor, bookingId }: DeleteBookingInvitationOptions): Promise<void> {
  await db().transaction(async (tx) => {
    const { booking } = await bookingWithLead(tx, bookingId, true);
    await releaseSlotOfBooking(tx, booking.id);
    await tx.delete(consultationBookings).where(eq(consultationBookings.id, booking.id));
    const [other] = await tx
      .select({ id: consultationBookings.id })
      .from(consultationBookings)
      .where(eq(consultationBookings.leadId, booking.leadId))
      .limit(1);
    if (!other) await setLeadBookingStatus(tx, booking.leadId, "not_sent");
    await recordBookingChange(tx, actor, booking, {
      intent: "delete",
      summary: booking.selectedStart ? "Deleted a booking invitation and released its booked time" : "Deleted a booking invitation",
      details: { status: booking.status },
    });
  });
}
