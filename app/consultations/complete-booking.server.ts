import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { eq } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { bookingWithLead, recordBookingChange, refuseUnlessAllowed, type BookingChangeOptions } from "./booking-records.server";
import { consultationBookings, consultations, type ConsultationBooking } from "./schema";

/**
 * Marks a confirmed booking completed: the lead's booking_status becomes completed and, when the
 * lead is a client, the call is kept as a completed consultation on the client's record.
 */
export async function completeBooking({ actor, bookingId, now = new Date() }: BookingChangeOptions): Promise<ConsultationBooking> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const { booking } = await bookingWithLead(tx, bookingId, true);
    refuseUnlessAllowed("complete", booking.status);
    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!updated) throw new Error("Failed to update status");
    await setLeadBookingStatus(tx, booking.leadId, "completed");
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(booking.clientId ? eq(clients.id, booking.clientId) : eq(clients.leadId, booking.leadId))
      .limit(1);
    if (client && booking.selectedStart && booking.selectedEnd) {
      const zone = settings.timezone;
      await tx
        .insert(consultations)
        .values({
          clientId: client.id,
          bookingId: booking.id,
          consultType: "initial",
          status: "completed",
          scheduledDate: dayIn(booking.selectedStart, zone),
          scheduledStartTime: format(new TZDate(booking.selectedStart, zone), "HH:mm:ss"),
          scheduledEndTime: format(new TZDate(booking.selectedEnd, zone), "HH:mm:ss"),
          meetingLink: booking.meetingLink,
        })
        .onConflictDoNothing();
    }
    await recordBookingChange(tx, actor, updated, {
      intent: "complete",
      summary: "Marked a booking completed",
      details: { status: { from: booking.status, to: updated.status }, clientId: client?.id ?? null },
    });
    return updated;
  });
}
