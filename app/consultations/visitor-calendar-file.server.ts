import { eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { bookingEventFile } from "./booking-emails.server";
import { refusalFor } from "./booking-status";
import { isWellFormedToken, sameToken } from "./invitation-token.server";
import { consultationBookings } from "./schema";

/**
 * The calendar file of the time a link holds ('Add to calendar' on its page): the same event as its
 * e-mails' invitation (same UID and sequence, so it updates rather than doubles), or null when the
 * link is not one of ours or holds no time that is still on.
 */
export async function visitorCalendarFile({ token }: { token: string | undefined }): Promise<string | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db()
    .select({ booking: consultationBookings, lead: { name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.bookingToken, token));
  if (!row || !sameToken(row.booking.bookingToken, token)) return null;
  const { booking, lead } = row;
  if (refusalFor("book", booking.status) !== null) return null;
  return bookingEventFile({ booking, attendee: lead, settings: await getOrganizationSettings() });
}
