import { and, eq, lte, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { launchOfferText } from "~/organization/tier-catalog";
import { notFound, Refusal } from "~/refusal/refusal";
import { leadTemplateVariables } from "./lead-email-variables";
import { recordLeadEvent } from "./lead-timeline.server";
import { extendedPromoExpiry, promoResendRefusal, promoStateAt } from "./promo-state";
import { leads, type Lead } from "./schema";

/**
 * The promo lifecycle in the back-office (DESIGN.md): an admin extends or
 * enables/disables a code, resends its e-mail; the sweep writes `expired`
 * once the expiry has passed. The state shown anywhere is `promoStateAt`.
 */

/** The lead, locked for the change; a refusal when it is gone. */
async function lockLead(tx: Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0], leadId: string): Promise<Lead> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  if (!lead) throw notFound("Lead not found");
  return lead;
}

/** The promo's state, refused when there is no code or it was used on an invoice. */
function changeablePromoState(lead: Lead, now: Date) {
  const state = promoStateAt(lead, now);
  if (state === null) throw new Refusal("This lead has no promo code.");
  if (state === "used") throw new Refusal("This promo code has already been used on an invoice.");
  return state;
}

/** 'Edit Promo' → extend by 1–90 days; a lapsed (expired) code becomes active again. */
export async function extendPromo(actor: Actor, leadId: string, days: number, now = new Date()): Promise<Lead> {
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    const state = changeablePromoState(lead, now);
    const expiresAt = extendedPromoExpiry(lead.promoExpiresAt, days, now);
    const promoStatus = state === "disabled" ? "disabled" : "active";
    const [updated] = await tx
      .update(leads)
      .set({ promoExpiresAt: expiresAt, promoStatus, updatedAt: now })
      .where(eq(leads.id, leadId))
      .returning();
    await recordLeadEvent(tx, {
      leadId,
      event: "promo_edited",
      data: { action: "extended", days, from: lead.promoExpiresAt?.toISOString() ?? null, to: expiresAt.toISOString() },
      actorUserId: actor.userId,
    });
    if (!updated) throw notFound("Lead not found");
    await recordAuditEntry(tx, actor, { action: "lead.extend-promo", entityType: "lead", entityId: leadId, summary: `Extended a promo code by ${days} days`, details: { days } });
    return updated;
  });
}

/** 'Edit Promo' → enable or disable. Enabling a code whose expiry passed leaves it expired (extend it). */
export async function setPromoEnabled(actor: Actor, leadId: string, enabled: boolean, now = new Date()): Promise<Lead> {
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    changeablePromoState(lead, now);
    const lapsed = Boolean(lead.promoExpiresAt && lead.promoExpiresAt.getTime() <= now.getTime());
    const promoStatus = enabled ? (lapsed ? "expired" : "active") : "disabled";
    if (promoStatus === lead.promoStatus) return lead;
    const [updated] = await tx.update(leads).set({ promoStatus, updatedAt: now }).where(eq(leads.id, leadId)).returning();
    await recordLeadEvent(tx, { leadId, event: "promo_edited", data: { action: enabled ? "enabled" : "disabled" }, actorUserId: actor.userId });
    if (!updated) throw notFound("Lead not found");
    await recordAuditEntry(tx, actor, {
      action: "lead.set-promo-enabled",
      entityType: "lead",
      entityId: leadId,
      summary: enabled ? "Enabled a promo code" : "Disabled a promo code",
      details: { enabled },
    });
    return updated;
  });
}

/** 'Resend promo e-mail': through the outbox; refused for a code that is not active, with the reason. */
export async function resendPromoEmail(actor: Actor, leadId: string, now = new Date()): Promise<Lead> {
  const [settings, tiers] = await Promise.all([getOrganizationSettings(), listPackageTiers()]);
  const offer = launchOfferText(tiers);
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    const refusal = promoResendRefusal(lead, now);
    if (refusal) throw new Refusal(refusal);
    await enqueueTemplatedEmail(tx, {
      templateKey: "promo_welcome",
      to: lead.email,
      toName: lead.name,
      emailType: "promo_welcome",
      leadId: lead.id,
      actorUserId: actor.userId,
      metadata: { resend: true },
      // The code is the $99 offer's, so the tier it names is the offer's (Tier 1), whatever the lead chose later.
      variables: leadTemplateVariables({ ...lead, tier: "1" }, { tiers, timeZone: settings.timezone, companyName: settings.companyName ?? "our studio", offer }),
    });
    const [updated] = await tx.update(leads).set({ promoEmailSentAt: now }).where(eq(leads.id, leadId)).returning();
    if (!updated) throw notFound("Lead not found");
    await recordAuditEntry(tx, actor, { action: "lead.resend-promo", entityType: "lead", entityId: leadId, summary: "Resent a promo e-mail" });
    return updated;
  });
}

/**
 * The recurring sweep: writes `expired` on active codes whose expiry has
 * passed (the state was already shown as expired; this makes filters and
 * exports agree). Safe with several processes: the UPDATE's row locks make
 * each lead expire once, and the timeline entry is written with it.
 */
export async function sweepExpiredPromos(now = new Date(), batchSize = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db().transaction(async (tx) => {
      const rows = await tx
        .update(leads)
        .set({ promoStatus: "expired", updatedAt: now })
        .where(
          sql`${leads.id} in (select id from ${leads} where ${and(eq(leads.promoStatus, "active"), lte(leads.promoExpiresAt, now))} limit ${batchSize} for update skip locked)`,
        )
        .returning({ id: leads.id, expiresAt: leads.promoExpiresAt });
      for (const row of rows) {
        await recordLeadEvent(tx, { leadId: row.id, event: "promo_edited", data: { action: "expired", at: row.expiresAt?.toISOString() ?? null } });
      }
      return rows.length;
    });
    total += expired;
    if (expired < batchSize) return total;
  }
}
