import { lastVisitorZoneOfClient } from "~/consultations/client-time-zone.server";
import { readRememberedZone } from "~/formatting/time-zones";

/**
 * The zone a portal page the server writes shows the client's times in (decision 050): the one this
 * browser remembers (its own, or one the client chose), else the zone of the client's last booking,
 * else the business's. A phone reads this first view before its app runs, so it must already be
 * the zone the booking page and the e-mails used.
 */
export async function portalZone(request: Request, client: { id: string; leadId: string | null }, businessZone: string): Promise<string> {
  const remembered = readRememberedZone(request.headers.get("Cookie"));
  if (remembered) return remembered.zone;
  return (await lastVisitorZoneOfClient(client)) ?? businessZone;
}
