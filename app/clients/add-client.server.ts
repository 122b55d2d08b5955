import { randomInt } from "node:crypto";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { awaitingReply, publish } from "~/events/domain-events";
import type { AddClientInput } from "./client-form";
import type { FirstInvoice } from "./events";
import { mintReferralCode } from "./referral-code";
import { clients, type Client } from "./schema";

export type AddClientOptions = {
  actor: Actor;
  input: AddClientInput;
};

/**
 * Add Client: the client (status active, payment pending) and its draft invoice priced from the
 * tier catalog, in one transaction. A client added by hand has no lead, so no promo applies.
 */
export async function addClient({ actor, input }: AddClientOptions): Promise<{ client: Client; invoice: FirstInvoice }> {
  return db().transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        tier: input.tier,
        notes: input.notes,
        status: "active",
        referralCode: mintReferralCode((size) => randomInt(size)),
        paymentStatus: "pending",
      })
      .returning();
    if (!client) throw new Error("The client was not saved");
    const added = { client, tier: input.tier, firstInvoice: awaitingReply<FirstInvoice>() };
    await publish(tx, "client.added", added);
    const invoice = added.firstInvoice.value;
    if (!invoice) throw new Error("No first invoice was drafted for the new client");
    await recordAuditEntry(tx, actor, {
      action: "client.create",
      entityType: "client",
      entityId: client.id,
      summary: `Added a tier ${input.tier} client with draft invoice ${invoice.invoiceNumber}`,
      details: { tier: input.tier, invoiceId: invoice.id },
    });
    return { client, invoice };
  });
}
