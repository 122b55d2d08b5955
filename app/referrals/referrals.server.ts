import { and, desc, eq, isNull } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { organizationSettings } from "~/organization/schema";
import { type KeysetPage, pageRequest, type PageQuery, tablePage } from "~/lists/keyset-page.server";
import { commissionCents } from "./commission";
import { referrals, type Referral } from "./schema";

/**
 * Referrals: a lead who arrived through a client's `?ref={code}` link is recorded here as a pending
 * referral of that client; it becomes converted (with the settings' commission percent, fixed then)
 * when the lead becomes a client, earns its commission when that client's first invoice is paid, and
 * is marked paid by an admin. Each step joins the caller's transaction (lead capture, conversion,
 * payment), so the referral and its cause are saved together.
 */

/** A new lead came through a referral link: one pending referral per lead; an unknown code, or a client referring themselves, records nothing. */
export async function recordReferredLead(
  tx: DatabaseExecutor,
  input: { code: string; lead: { id: string; email: string }; now: Date },
): Promise<Referral | null> {
  const [referrer] = await tx
    .select({ id: clients.id, name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.referralCode, input.code))
    .limit(1);
  if (!referrer || referrer.email.trim().toLowerCase() === input.lead.email.trim().toLowerCase()) return null;
  const [referral] = await tx
    .insert(referrals)
    .values({
      referrerClientId: referrer.id,
      referrerName: referrer.name,
      referrerEmail: referrer.email,
      leadId: input.lead.id,
      status: "pending",
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: referrals.leadId })
    .returning();
  return referral ?? null;
}

/** The referred lead became a client: the referral is converted, with today's commission percent from the settings. */
export async function markReferralConverted(
  tx: DatabaseExecutor,
  input: { leadId: string; client: { id: string; name: string }; now: Date },
): Promise<void> {
  const [settings] = await tx.select({ percent: organizationSettings.referralCommissionPercent }).from(organizationSettings).limit(1);
  await tx
    .update(referrals)
    .set({
      status: "converted",
      clientId: input.client.id,
      clientName: input.client.name,
      convertedAt: input.now,
      commissionPercent: settings?.percent ?? 10,
    })
    .where(and(eq(referrals.leadId, input.leadId), eq(referrals.status, "pending")));
}

/**
 * An invoice of `clientId` was just paid in full. When it is the client's first paid invoice, a
 * converted referral of theirs earns its commission on its total; later invoices change nothing,
 * because the commission is written once (only while it is still empty).
 */
export async function recordReferralCommission(tx: DatabaseExecutor, input: { clientId: string; invoiceTotalCents: number }): Promise<void> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.clientId, input.clientId), eq(referrals.status, "converted"), isNull(referrals.commissionCents)))
    .for("update")
    .limit(1);
  if (!referral) return;
  const amount = commissionCents(referral.commissionPercent ?? 0, input.invoiceTotalCents);
  await tx.update(referrals).set({ commissionCents: amount }).where(eq(referrals.id, referral.id));
}

export const REFERRALS_PAGE_SIZE = 25;

/** One page of `/admin/referrals`, newest first, by keyset (created_at, id). */
export async function listReferrals(query: PageQuery = {}): Promise<KeysetPage<Referral>> {
  return tablePage(
    referrals,
    pageRequest(query, REFERRALS_PAGE_SIZE),
    { by: referrals.createdAt, tieBreaker: referrals.id, direction: "desc", valueKind: "time" },
    (referral) => ({ value: referral.createdAt.toISOString(), id: referral.id }),
  );
}

/** The referrals a client made (their page's Referrals card), newest first. */
export async function listClientReferrals(clientId: string): Promise<Referral[]> {
  return db().select().from(referrals).where(eq(referrals.referrerClientId, clientId)).orderBy(desc(referrals.createdAt), desc(referrals.id));
}

/** 'Mark paid' / 'Mark unpaid': the commission was paid out (or that was a mistake), audited. */
export async function setReferralPaid(actor: Actor, referralId: string, paid: boolean, now = new Date()): Promise<Referral> {
  return db().transaction(async (tx) => {
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for("update");
    if (!referral) throw notFound("Referral not found");
    if (referral.paid === paid) return referral;
    if (paid && referral.status !== "converted") throw new Refusal("This referral has not become a client yet, so no commission is owed.");
    const [updated] = await tx
      .update(referrals)
      .set({ paid, paidAt: paid ? now : null })
      .where(eq(referrals.id, referralId))
      .returning();
    if (!updated) throw notFound("Referral not found");
    await recordAuditEntry(tx, actor, {
      action: "referral.set-paid",
      entityType: "referral",
      entityId: referralId,
      summary: paid ? "Marked a referral's commission paid" : "Marked a referral's commission unpaid",
      details: { paid, commissionCents: referral.commissionCents, commissionPercent: referral.commissionPercent },
    });
    return updated;
  });
}
