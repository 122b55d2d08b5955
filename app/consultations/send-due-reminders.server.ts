import { and, eq, gte, isNull, lte } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { enqueueBookingEmail } from "./booking-emails.server";
import { bookingWithLead } from "./booking-records.server";
import { consultationBookings } from "./schema";

/** E-mails the 24-hour reminder of every confirmed call starting within a day, once per booking and time. */
export async function sendDueReminders({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const settings = await getOrganizationSettings();
  const due = await db()
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .where(
      and(
        eq(consultationBookings.status, "confirmed"),
        isNull(consultationBookings.reminderSentAt),
        gte(consultationBookings.selectedStart, now),
        lte(consultationBookings.selectedStart, new Date(now.getTime() + 24 * 3_600_000)),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const { id } of due) {
    await db().transaction(async (tx) => {
      const { booking, lead } = await bookingWithLead(tx, id, true);
      if (booking.status !== "confirmed" || booking.reminderSentAt || !booking.selectedStart) return;
      // The dedupe key makes a second process (or a second turn) enqueue nothing.
      await enqueueBookingEmail(tx, {
        templateKey: "booking_reminder",
        booking,
        lead,
        settings,
        dedupeKey: `booking-reminder:${booking.id}:${booking.selectedStart.toISOString()}`,
      });
      await tx.update(consultationBookings).set({ reminderSentAt: now }).where(eq(consultationBookings.id, booking.id));
      sent += 1;
    });
  }
  return sent;
}
