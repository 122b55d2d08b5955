import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { publish } from "~/events/domain-events";
import { packageTiers } from "~/organization/schema";
import { launchOfferText } from "~/organization/tier-catalog";
import { attributedCampaign, captureOnce, leadOfSubmission, notifyAgency, referralCodeOf, savedEarlier, visitorLeadColumns, type CaptureResult, type Submitter } from "./capture-context.server";
import type { InquiryInput } from "./inquiry-form";
import { leadTemplateVariables } from "./lead-email-variables";
import { PROMO_TAG } from "./lead-options";
import { claimPromoCode, newPromoColumns } from "./promo-codes.server";
import { leads, leadTimelineEvents, type Lead } from "./schema";

/**
 * A visitor's inquiry becomes a lead (status new) with its first timeline entry, a
 * confirmation to the visitor and a notification to the agency, in one transaction. A promo
 * inquiry (the 'Claim $99 Offer' buttons) claims a code by the promo forms' rules, in the same
 * transaction, and its confirmation carries the code: a new lead holds a new code; an address
 * that already holds an active code gets that code again, and the inquiry is recorded on the
 * lead holding it (one code, one lead), so that lead's conversion bills the promo price.
 */
export async function createInquiryLead({ input, submitter }: { input: InquiryInput; submitter: Submitter }): Promise<CaptureResult> {
  return captureOnce("inquiry", input, submitter, async (tx, settings, now) => {
    const tiers = await tx.select().from(packageTiers);
    const claim = input.promo ? await claimPromoCode(tx, { email: input.email, now, settings, submitter }) : null;
    let lead: Lead;
    if (claim?.held) {
      // A post of the same form that went first (it held the address's lock) made the change: answer with it.
      const racing = await leadOfSubmission(tx, input.submissionKey);
      if (racing) return racing;
      lead = await recordInquiryOnLead(tx, claim.lead, input, now);
    } else {
      const [inserted] = await tx
        .insert(leads)
        .values({
          ...visitorLeadColumns(input, now),
          industry: input.industry ?? null,
          message: input.message ?? null,
          tier: input.tier ?? null,
          source: input.promo ? "$99 Promo" : "website",
          tags: input.promo ? [PROMO_TAG] : [],
          ...(claim ? newPromoColumns(claim, now) : { campaignId: (await attributedCampaign(tx, submitter))?.id ?? null }),
        })
        // A post of the same form at the same moment made the lead: answer with it (it waits for that one to commit).
        .onConflictDoNothing({ target: leads.submissionKey })
        .returning();
      if (!inserted) return leadOfSubmission(tx, input.submissionKey).then(savedEarlier);
      lead = inserted;
      if (claim) await tx.insert(leadTimelineEvents).values({ leadId: lead.id, event: "promo_claimed", data: { source: lead.source, code: claim.code }, createdAt: now });
    }
    await tx.insert(leadTimelineEvents).values({
      leadId: lead.id,
      event: "form_submitted",
      // An inquiry recorded on an earlier lead keeps its own message here (the lead keeps the latest).
      data: { tier: input.tier ?? null, promo: input.promo, ...(claim?.held && input.message ? { message: input.message } : {}) },
      createdAt: now,
    });
    const variables = leadTemplateVariables(lead, {
      tiers,
      timeZone: settings.timezone,
      companyName: settings.companyName ?? "our studio",
      offer: launchOfferText(tiers),
    });
    const templateKey = claim ? "inquiry_confirmation_promo" : "inquiry_confirmation";
    await enqueueTemplatedEmail(tx, {
      templateKey,
      emailType: templateKey,
      to: lead.email,
      toName: lead.name,
      leadId: lead.id,
      variables,
      ...(claim ? { metadata: { promoCode: claim.code } } : {}),
    });
    await notifyAgency(tx, settings, { ...lead, message: input.message ?? null }, "admin_notification", variables);
    await publish(tx, "lead.captured", {
      lead,
      triggers: claim && !claim.held ? ["promo_claimed", "inquiry_received"] : ["inquiry_received"],
      // Recorded on an earlier lead (its promo code's): that lead's referral, if any, was recorded with it.
      referralCode: claim?.held ? null : referralCodeOf(submitter),
      now,
    });
    return { leadId: lead.id };
  });
}

/**
 * A promo inquiry from an address whose code an earlier lead holds: that lead takes the inquiry's
 * details (what the visitor gave now wins, what they left out stays) and its one-time key.
 */
async function recordInquiryOnLead(tx: DatabaseExecutor, lead: Lead, input: InquiryInput, now: Date): Promise<Lead> {
  const [updated] = await tx
    .update(leads)
    .set({
      phone: input.phone ?? lead.phone,
      businessType: input.businessType ?? lead.businessType,
      industry: input.industry ?? lead.industry,
      message: input.message ?? lead.message,
      tier: input.tier ?? lead.tier,
      tags: lead.tags.includes(PROMO_TAG) ? lead.tags : [...lead.tags, PROMO_TAG],
      submissionKey: input.submissionKey ?? lead.submissionKey,
      updatedAt: now,
    })
    .where(eq(leads.id, lead.id))
    .returning();
  if (!updated) throw new Error("The lead was not saved");
  return updated;
}
