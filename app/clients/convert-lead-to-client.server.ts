import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound } from "~/refusal/refusal";
import { awaitingReply, publish } from "~/events/domain-events";
import { lockLeadForConversion, markLeadConverted, markPromoUsed } from "~/leads/lead-conversion-steps.server";
import { promoStateAt } from "~/leads/promo-state";
import type { Lead } from "~/leads/schema";
import { isTierId, type TierId } from "~/organization/tier-catalog";
import { mintReferralCode } from "./referral-code";
import type { FirstInvoice } from "./events";
import { clients, type Client } from "./schema";

/** The lead's client; `invoice` is the new draft invoice, or null when the lead was already a client (nothing changed). */
export type LeadConversion = { lead: Lead; client: Client; invoice: FirstInvoice | null };

export type ConvertLeadToClientOptions = {
  actor: Actor;
  leadId: string;
  now?: Date;
  /** The caller's transaction, when the conversion is part of a larger change (a signed proposal). */
  executor?: DatabaseExecutor;
  /** The package the client chose (a signed proposal's); otherwise the lead's own, or tier 1. */
  tier?: TierId;
};

/**
 * Converts a lead to a client (spec 001 "convert-lead-to-client") in one transaction: the client
 * linked to the lead, the lead marked converted with a `converted` timeline entry naming the admin,
 * and the client's draft invoice priced from the tier catalog (promo price and code when the lead
 * holds an active promo, which the invoice then uses up). Any failure leaves nothing behind.
 *
 * Idempotent: the lead row is locked first and `clients.lead_id` is unique, so converting twice, or
 * two admins at once, yields one client; the later call answers that client with no invoice and
 * records nothing. An unknown lead is refused (404).
 */
export async function convertLeadToClient({ actor, leadId, now = new Date(), executor, tier: chosenTier }: ConvertLeadToClientOptions): Promise<LeadConversion> {
  return (executor ?? db()).transaction(async (tx) => {
    const lead = await lockLeadForConversion(tx, leadId);
    if (!lead) throw notFound("This lead no longer exists.");

    const [existing] = await tx.select().from(clients).where(eq(clients.leadId, lead.id));
    if (existing) return { lead, client: existing, invoice: null };

    const tier = chosenTier ?? (isTierId(lead.tier) ? lead.tier : "1");
    const [client] = await tx
      .insert(clients)
      .values({
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        tier,
        status: "active",
        paymentStatus: "pending",
        leadId: lead.id,
        referralCode: mintReferralCode((size) => randomInt(size)),
      })
      // Backstop for the row lock: the unique lead_id never lets a second client in.
      .onConflictDoNothing({ target: clients.leadId })
      .returning();
    if (!client) {
      const [winner] = await tx.select().from(clients).where(eq(clients.leadId, lead.id));
      if (!winner) throw new Error("The client for this lead could not be created");
      return { lead, client: winner, invoice: null };
    }

    const activePromoCode = promoStateAt(lead, now) === "active" ? lead.promoCode : null;
    // Its referral converts, its cadences end and the client's begin, its first invoice is drafted (decision 048).
    const converted = { lead, client, tier, activePromoCode, actor, now, firstInvoice: awaitingReply<FirstInvoice>() };
    await publish(tx, "lead.converted", converted);
    const invoice = converted.firstInvoice.value;
    if (!invoice) throw new Error("No first invoice was drafted for the new client");
    if (invoice.promoApplied && invoice.promoCode) await markPromoUsed(tx, lead.id, invoice.promoCode);
    await markLeadConverted(tx, lead, actor, {
      clientId: client.id,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      promoCodeApplied: invoice.promoCode,
    });
    await recordAuditEntry(tx, actor, {
      action: "lead.convert",
      entityType: "lead",
      entityId: lead.id,
      summary: `Converted a lead to a tier ${tier} client with draft invoice ${invoice.invoiceNumber}${invoice.promoApplied ? " at the promo price" : ""}`,
      details: { clientId: client.id, invoiceId: invoice.id, tier, promoApplied: invoice.promoApplied },
    });
    return { lead: { ...lead, status: "converted" as const }, client, invoice };
  });
}
