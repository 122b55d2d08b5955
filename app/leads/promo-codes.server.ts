import { randomInt } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AttributableCampaign } from "~/attribution/attribution.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import type { OrganizationSettings } from "~/organization/schema";
import { attributedCampaign, type Submitter } from "./capture-context.server";
import { mintPromoCode } from "./promo-code";
import { leads, type Lead } from "./schema";

const HOUR = 60 * 60_000;

/**
 * An address's promo code, by the rules every $99 form follows (decision 007): the active,
 * unexpired code the address already holds (with the lead holding it), or a new code lasting the
 * attributed campaign's days (the settings' otherwise), for the caller to store on its new lead.
 * Takes the address's advisory lock for the rest of the transaction, so two claims racing for one
 * address get one code.
 */
export type PromoCodeClaim =
  | { held: true; lead: Lead; code: string; expiresAt: Date }
  | { held: false; code: string; expiresAt: Date; campaign: AttributableCampaign | null };

export async function claimPromoCode(
  tx: DatabaseExecutor,
  request: { email: string; now: Date; settings: OrganizationSettings; submitter: Submitter },
): Promise<PromoCodeClaim> {
  const address = request.email.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo:${address}`}))`);
  const [existing] = await tx
    .select()
    .from(leads)
    .where(and(sql`lower(${leads.email}) = ${address}`, eq(leads.promoStatus, "active"), gt(leads.promoExpiresAt, request.now)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (existing?.promoCode && existing.promoExpiresAt) return { held: true, lead: existing, code: existing.promoCode, expiresAt: existing.promoExpiresAt };
  const code = await uniquePromoCode(tx, request.settings.promoCodePrefix, request.now);
  // A promo claimed under an active campaign lasts the campaign's days, not the settings' default.
  const campaign = await attributedCampaign(tx, request.submitter);
  const days = campaign?.promoDurationDays ?? request.settings.promoDurationDays;
  return { held: false, code, expiresAt: new Date(request.now.getTime() + days * 24 * HOUR), campaign };
}

/** The columns of a new lead holding a new code, which its first e-mail carries (`promo_email_sent_at` throttles re-sends). */
export function newPromoColumns(claim: Extract<PromoCodeClaim, { held: false }>, now: Date) {
  return { promoCode: claim.code, promoStatus: "active" as const, promoExpiresAt: claim.expiresAt, promoEmailSentAt: now, campaignId: claim.campaign?.id ?? null };
}

async function uniquePromoCode(tx: DatabaseExecutor, prefix: string, now: Date): Promise<string> {
  // 36^4 codes per millisecond: a clash is rare, but the unique constraint would abort the claim, so check first.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = mintPromoCode(prefix, now, (size) => randomInt(size));
    const [taken] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.promoCode, code)).limit(1);
    if (!taken) return code;
  }
  throw new Error("Could not mint a unique promo code");
}

