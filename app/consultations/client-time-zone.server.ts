import { and, desc, eq, isNotNull, or } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { validTimeZone } from "~/formatting/time-zones";
import { consultationBookings } from "./schema";

/**
 * The zone a client last saw a call's time in (their latest booking's, decision 050), or null when
 * they never booked with one: what the portal writes their times in before their browser has said,
 * and the zone of the e-mails the agency sends them about a consultation.
 */
export async function lastVisitorZoneOfClient(client: { id: string; leadId: string | null }, executor: DatabaseExecutor = db()): Promise<string | null> {
  const theirs = client.leadId ? or(eq(consultationBookings.clientId, client.id), eq(consultationBookings.leadId, client.leadId)) : eq(consultationBookings.clientId, client.id);
  const [row] = await executor
    .select({ zone: consultationBookings.visitorTimeZone })
    .from(consultationBookings)
    .where(and(theirs, isNotNull(consultationBookings.visitorTimeZone)))
    .orderBy(desc(consultationBookings.updatedAt))
    .limit(1);
  return validTimeZone(row?.zone) ?? null;
}
