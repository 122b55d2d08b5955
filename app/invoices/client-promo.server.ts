import { and, eq, ne } from "drizzle-orm";
import type { Client } from "~/clients/schema";
import type { DatabaseExecutor } from "~/db/connection.server";
import { promoStateAt } from "~/leads/promo-state";
import { leads } from "~/leads/schema";
import { invoices } from "./schema";

// CROSS-DOMAIN READ, marked for the merge: reads the client's lead row (read-only) inside the
// invoice's transaction; marking the promo used goes through the leads domain (markPromoUsed).

export type ClientLeadPromo = { leadId: string | null; code: string; applicable: boolean };

/**
 * The promo code of the lead this client came from, and whether an invoice may apply it: it is
 * active, or it was used by this invoice (no other invoice carries it).
 */
export async function findClientLeadPromo(
  executor: DatabaseExecutor,
  client: Pick<Client, "leadId">,
  invoiceId: string,
  now = new Date(),
): Promise<ClientLeadPromo | null> {
  if (!client.leadId) return null;
  const [lead] = await executor.select().from(leads).where(eq(leads.id, client.leadId));
  if (!lead?.promoCode) return null;
  const state = promoStateAt(lead, now);
  let applicable = state === "active";
  if (state === "used") {
    const [other] = await executor
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.promoCode, lead.promoCode), ne(invoices.id, invoiceId)))
      .limit(1);
    applicable = !other;
  }
  return { leadId: lead.id, code: lead.promoCode, applicable };
}

