import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { awaitingReply, publish } from "~/events/domain-events";
import { notFound } from "~/refusal/refusal";
import { CLIENT_GONE } from "./client-changes.server";
import { clients, type Client } from "./schema";

export type DeleteClientOptions = {
  actor: Actor;
  clientId: string;
};

/**
 * Deletes a client with its projects, consultations and unsent draft invoices (the one every new
 * client gets, and any other never sent: no financial record yet), all in one transaction. A
 * client with an invoice that was sent, viewed or paid is refused (the invoice is a financial
 * record; the foreign key refuses too), and the page offers Archive instead.
 */
export async function deleteClient({ actor, clientId }: DeleteClientOptions): Promise<Client> {
  const title = "Failed to delete client";
  return db().transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
    if (!client) throw notFound(CLIENT_GONE, { title });
    // Its invoices decide: sent or paid ones refuse the deletion; unsent drafts go with the client.
    const deleting = { client, actor, refusalTitle: title, deletedDrafts: awaitingReply<string[]>() };
    await publish(tx, "client.deleting", deleting);
    const drafts = deleting.deletedDrafts.value ?? [];
    await tx.delete(clients).where(eq(clients.id, clientId));
    await recordAuditEntry(tx, actor, {
      action: "client.delete",
      entityType: "client",
      entityId: clientId,
      summary: drafts.length > 0 ? `Deleted a client with ${drafts.length} unsent draft invoice(s)` : "Deleted a client",
      ...(drafts.length > 0 ? { details: { draftInvoices: drafts } } : {}),
    });
    return client;
  });
}
