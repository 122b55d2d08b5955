import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { addLeadForClient } from "~/leads/lead-booking-status.server";
import { notFound } from "~/refusal/refusal";
import { clients } from "./schema";

/**
 * The lead behind a client, for invitations (they belong to a lead). A client added by hand has
 * none: it gets one now, marked converted and linked to the client, in the caller's transaction.
 */
export async function leadIdOfClient(tx: DatabaseExecutor, clientId: string): Promise<string> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
  if (!client) throw notFound("Client not found");
  if (client.leadId) return client.leadId;
  const leadId = await addLeadForClient(tx, client);
  if (!leadId) throw new Error("The lead for the client was not saved");
  await tx.update(clients).set({ leadId }).where(eq(clients.id, client.id));
  return leadId;
}
