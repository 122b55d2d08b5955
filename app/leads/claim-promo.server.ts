import { eq } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/email/template-variables";
import { publish } from "~/events/domain-events";
import { formatDate } from "~/formatting/dates";
import { packageTiers, type OrganizationSettings, type PackageTier } from "~/organization/schema";
import { launchOfferPrices, launchOfferText } from "~/organization/tier-catalog";
import { refuseIfAbusive } from "~/request-safety/public-form-limits.server";
import { readSettings, referralCodeOf, type Submitter } from "./capture-context.server";
import type { PromoClaimInput, PromoPlacement } from "./inquiry-form";
import { leadTierLabel } from "./lead-email-variables";
import { PROMO_TAG, type LeadSource } from "./lead-options";
import { claimPromoCode, newPromoColumns } from "./promo-codes.server";
import { leads, leadTimelineEvents, type Lead } from "./schema";

/** A re-sent welcome e-mail waits at least this long after the previous one. */
export const PROMO_EMAIL_RESEND_INTERVAL_MS = 60 * 60_000;

const PLACEMENT_SOURCE: Record<PromoPlacement, LeadSource> = {
  popup: "Promo Popup",
  sticky_button: "Sticky Button",
  packages_page: "$99 Packages Page",
};

export type PromoClaimResult = { code: string; expiresAt: Date; leadId: string; alreadyClaimed: boolean; emailQueued: boolean };

/**
 * Claims the launch offer: a lead with a unique promo code, active for the configured days,
 * and the welcome e-mail with the code. The same e-mail address with a code still active gets
 * that code back (the welcome e-mail re-sent at most once an hour), never a second code.
 */
export async function claimPromo({ input, submitter }: { input: PromoClaimInput; submitter: Submitter }): Promise<PromoClaimResult> {
  await refuseIfAbusive("promo-claim", input, submitter);
  const now = submitter.now ?? new Date();
  const email = input.email.trim();

  return db().transaction(async (tx) => {
    const settings = await readSettings(tx);
    const tiers = await tx.select().from(packageTiers);
    const claim = await claimPromoCode(tx, { email, now, settings, submitter });

    if (claim.held) {
      const existing = claim.lead;
      const lastSent = existing.promoEmailSentAt?.getTime() ?? 0;
      const resend = now.getTime() - lastSent >= PROMO_EMAIL_RESEND_INTERVAL_MS;
      if (resend) {
        await enqueueWelcomeEmail(tx, existing, claim.code, claim.expiresAt, settings, tiers);
        await tx.update(leads).set({ promoEmailSentAt: now, updatedAt: now }).where(eq(leads.id, existing.id));
      }
      return { code: claim.code, expiresAt: claim.expiresAt, leadId: existing.id, alreadyClaimed: true, emailQueued: resend };
    }

    const source = PLACEMENT_SOURCE[input.placement];
    const [lead] = await tx
      .insert(leads)
      .values({
        createdAt: now,
        updatedAt: now,
        name: input.name,
        email,
        phone: input.phone,
        tier: "1",
        source,
        status: "new",
        ...newPromoColumns(claim, now),
        tags: [PROMO_TAG, input.placement],
      })
      .returning();
    if (!lead) throw new Error("The lead was not saved");
    await tx.insert(leadTimelineEvents).values({ leadId: lead.id, event: "promo_claimed", data: { source, code: claim.code }, createdAt: now });
    await enqueueWelcomeEmail(tx, lead, claim.code, claim.expiresAt, settings, tiers);
    await publish(tx, "lead.captured", { lead, triggers: ["promo_claimed"], referralCode: referralCodeOf(submitter), now });
    return { code: claim.code, expiresAt: claim.expiresAt, leadId: lead.id, alreadyClaimed: false, emailQueued: true };
  });
}

async function enqueueWelcomeEmail(
  tx: DatabaseExecutor,
  lead: Lead,
  code: string,
  expiresAt: Date,
  settings: OrganizationSettings,
  tiers: PackageTier[],
): Promise<void> {
  await enqueueTemplatedEmail(tx, {
    templateKey: "promo_welcome",
    emailType: "promo_welcome",
    to: lead.email,
    toName: lead.name,
    leadId: lead.id,
    metadata: { promoCode: code },
    variables: {
      FirstName: firstName(lead.name),
      PromoCode: code,
      ExpiryDate: formatDate(expiresAt, settings.timezone),
      Offer: launchOfferText(tiers),
      PromoPrice: launchOfferPrices(tiers).promoPrice,
      Tier: leadTierLabel("1", tiers),
      CompanyName: settings.companyName ?? "our studio",
    },
  });
}
