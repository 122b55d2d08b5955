import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { DatabaseExecutor } from "~/db/connection.server";
import { recordLeadEvent } from "./lead-timeline.server";
import { leads, type Lead } from "./schema";

// The lead's side of converting a lead to a client (spec 001 §4). The conversion itself lives with
// its result, in `~/clients/convert-lead-to-client.server.ts`; these steps run inside its transaction.

/**
 * Reads the lead and locks its row until the transaction ends, so two admins converting the same
 * lead at once take turns: the second sees the first's client and creates nothing.
 */
export async function lockLeadForConversion(tx: DatabaseExecutor, leadId: string): Promise<Lead | undefined> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  return lead;
}

/** Marks the lead converted and records who did it on its timeline. */
export async function markLeadConverted(
  tx: DatabaseExecutor,
  lead: Lead,
  actor: Actor,
  details: { clientId: string; invoiceId: string; invoiceNumber: string; promoCodeApplied: string | null },
): Promise<void> {
  await tx.update(leads).set({ status: "converted", updatedAt: sql`now()` }).where(eq(leads.id, lead.id));
  await recordLeadEvent(tx, {
    leadId: lead.id,
    event: "converted",
    actorUserId: actor.userId,
    data: { ...details, previousStatus: lead.status },
  });
}

/** An invoice applied the lead's promo: the code is now used (DESIGN.md "Promo code"). */
export async function markPromoUsed(tx: DatabaseExecutor, leadId: string, code: string): Promise<void> {
  await tx
    .update(leads)
    .set({ promoStatus: "used", updatedAt: sql`now()` })
    .where(and(eq(leads.id, leadId), eq(leads.promoCode, code), eq(leads.promoStatus, "active")));
}
