import { and, eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { leads, type Lead } from "./schema";

/**
 * A lead's booking status (not sent → sent → booked → completed), written only here: the
 * consultations domain calls it inside the transaction that changes the invitation or booking.
 * `onlyFrom` makes the change conditional (e.g. back to 'sent' only while 'booked').
 */
export async function setLeadBookingStatus(
  tx: DatabaseExecutor,
  leadId: string,
  status: Lead["bookingStatus"],
  options: { onlyFrom?: Lead["bookingStatus"] } = {},
): Promise<void> {
  const lead = eq(leads.id, leadId);
  await tx
    .update(leads)
    .set({ bookingStatus: status })
    .where(options.onlyFrom ? and(lead, eq(leads.bookingStatus, options.onlyFrom)) : lead);
}

/**
 * A lead for a client that has none (a client added by hand), so an invitation can be sent:
 * already converted, its source manual. Returns its id; the caller links the client to it.
 */
export async function addLeadForClient(
  tx: DatabaseExecutor,
  client: Pick<Lead, "name" | "email" | "phone" | "tier">,
): Promise<string | null> {
  const [lead] = await tx
    .insert(leads)
    .values({ name: client.name, email: client.email, phone: client.phone, source: "manual", status: "converted", tier: client.tier })
    .returning({ id: leads.id });
  return lead?.id ?? null;
}
