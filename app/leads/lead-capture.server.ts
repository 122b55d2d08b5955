import { randomInt } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { FirstTouch } from "~/attribution/attribution";
import { findAttributableCampaign, type AttributableCampaign } from "~/attribution/attribution.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { packageTiers, organizationSettings, type OrganizationSettings, type PackageTier } from "~/organization/schema";
import { refuseIfAbusive } from "~/request-safety/public-form-limits.server";
import { launchOfferPrices, launchOfferText } from "~/organization/tier-catalog";
import { formatDate } from "~/formatting/dates";
import { publish } from "~/events/domain-events";
import type { ContactInput, InquiryInput, PromoClaimInput, PromoPlacement } from "./inquiry-form";
import { BUSINESS_TYPES, PROMO_TAG, type LeadSource } from "./lead-options";
import { firstName } from "~/email/template-variables";
import { leadTemplateVariables, leadTierLabel } from "./lead-email-variables";
import { mintPromoCode } from "./promo-code";
import { leads, leadTimelineEvents, type Lead } from "./schema";

/**
 * Public lead capture: the promo claim, the inquiry dialog and the contact form.
 * Each accepted submission writes the lead, its timeline entry and the e-mails it
 * causes (into the outbox) in one transaction. A refused submission (a filled honeypot, 400; a
 * rate limit, 429) throws `Refusal` before anything is written, so it creates nothing.
 */

/**
 * Who sent the request: the rate limits count per address; `touch` is the campaign or referral
 * link the visitor first arrived through (app/campaigns/attribution.ts), which the new lead keeps.
 */
export type Submitter = { clientAddress: string; now?: Date; touch?: FirstTouch | null };

/** A re-sent welcome e-mail waits at least this long after the previous one. */
export const PROMO_EMAIL_RESEND_INTERVAL_MS = 60 * 60_000;

const HOUR = 60 * 60_000;

/**
 * The lead an earlier post of the same form made (its one-time key, `leads.submission_key`): a
 * double tap or a resent request is answered with that lead's success, and makes nothing again.
 */
async function leadOfSubmission(executor: DatabaseExecutor, submissionKey: string | undefined): Promise<CaptureResult | undefined> {
  if (!submissionKey) return undefined;
  const [earlier] = await executor.select({ id: leads.id }).from(leads).where(eq(leads.submissionKey, submissionKey)).limit(1);
  return earlier ? { leadId: earlier.id } : undefined;
}

async function readSettings(tx: DatabaseExecutor): Promise<OrganizationSettings> {
  const [settings] = await tx.select().from(organizationSettings).limit(1);
  if (!settings) throw new Error("Organization settings are missing: the seed has not run.");
  return settings;
}

/** The campaign a new lead is attributed to: the touch's campaign, when it exists and is active. */
function attributedCampaign(tx: DatabaseExecutor, submitter: Submitter): Promise<AttributableCampaign | null> {
  return findAttributableCampaign(tx, submitter.touch?.campaign);
}

/** The client's referral link a new lead came through, if any (referrals record it, on "lead.captured"). */
function referralCodeOf(submitter: Submitter): string | null {
  return submitter.touch?.ref ?? null;
}

function businessTypeLabel(value: string | null | undefined): string {
  return BUSINESS_TYPES.find((option) => option.value === value)?.label ?? "Not given";
}

function agencyAddress(settings: OrganizationSettings): string | null {
  return settings.agencyNotificationEmail ?? settings.replyToEmail;
}

// ---------------------------------------------------------------------------------------------
// The $99 promo claim

const PLACEMENT_SOURCE: Record<PromoPlacement, LeadSource> = {
  popup: "Promo Popup",
  sticky_button: "Sticky Button",
  packages_page: "$99 Packages Page",
};

export type PromoClaimResult = { code: string; expiresAt: Date; leadId: string; alreadyClaimed: boolean; emailQueued: boolean };

/**
 * An address's promo code, by the rules every $99 form follows (decision 007): the active,
 * unexpired code the address already holds (with the lead holding it), or a new code lasting the
 * attributed campaign's days (the settings' otherwise), for the caller to store on its new lead.
 * Takes the address's advisory lock for the rest of the transaction, so two claims racing for one
 * address get one code.
 */
type PromoCodeClaim =
  | { held: true; lead: Lead; code: string; expiresAt: Date }
  | { held: false; code: string; expiresAt: Date; campaign: AttributableCampaign | null };

async function claimPromoCode(
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
function newPromoColumns(claim: Extract<PromoCodeClaim, { held: false }>, now: Date) {
  return { promoCode: claim.code, promoStatus: "active" as const, promoExpiresAt: claim.expiresAt, promoEmailSentAt: now, campaignId: claim.campaign?.id ?? null };
}

/**
 * Claims the launch offer: a lead with a unique promo code, active for the configured days,
 * and the welcome e-mail with the code. The same e-mail address with a code still active gets
 * that code back (the welcome e-mail re-sent at most once an hour), never a second code.
 */
export async function claimPromo(input: PromoClaimInput, submitter: Submitter): Promise<PromoClaimResult> {
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

async function uniquePromoCode(tx: DatabaseExecutor, prefix: string, now: Date): Promise<string> {
  // 36^4 codes per millisecond: a clash is rare, but the unique constraint would abort the claim, so check first.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = mintPromoCode(prefix, now, (size) => randomInt(size));
    const [taken] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.promoCode, code)).limit(1);
    if (!taken) return code;
  }
  throw new Error("Could not mint a unique promo code");
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

// ---------------------------------------------------------------------------------------------
// The inquiry dialog

/** What every lead a visitor's inquiry or message makes starts with (status new, the form's one-time key). */
function visitorLeadColumns(input: Pick<InquiryInput, "name" | "email" | "phone" | "businessType" | "submissionKey">, now: Date) {
  return {
    createdAt: now,
    updatedAt: now,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    businessType: input.businessType ?? null,
    status: "new" as const,
    submissionKey: input.submissionKey ?? null,
  };
}

export type CaptureResult = { leadId: string };

function savedEarlier(earlier: CaptureResult | undefined): CaptureResult {
  if (!earlier) throw new Error("The lead was not saved");
  return earlier;
}

/**
 * A visitor's inquiry becomes a lead (status new) with its first timeline entry, a
 * confirmation to the visitor and a notification to the agency, in one transaction. A promo
 * inquiry (the 'Claim $99 Offer' buttons) claims a code by the promo forms' rules, in the same
 * transaction, and its confirmation carries the code: a new lead holds a new code; an address
 * that already holds an active code gets that code again, and the inquiry is recorded on the
 * lead holding it (one code, one lead), so that lead's conversion bills the promo price.
 */
export async function createInquiryLead(input: InquiryInput, submitter: Submitter): Promise<CaptureResult> {
  const earlier = await leadOfSubmission(db(), input.submissionKey);
  if (earlier) return earlier;
  await refuseIfAbusive("inquiry", input, submitter);
  const now = submitter.now ?? new Date();
  return db().transaction(async (tx) => {
    const settings = await readSettings(tx);
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

// ---------------------------------------------------------------------------------------------
// The contact page

/**
 * A contact message becomes a lead (source contact-page) with a confirmation to the
 * visitor and a notification to the agency, in one transaction.
 */
export async function createContactLead(input: ContactInput, submitter: Submitter): Promise<CaptureResult> {
  const earlier = await leadOfSubmission(db(), input.submissionKey);
  if (earlier) return earlier;
  await refuseIfAbusive("contact", input, submitter);
  const now = submitter.now ?? new Date();
  return db().transaction(async (tx) => {
    const settings = await readSettings(tx);
    const [lead] = await tx
      .insert(leads)
      .values({
        ...visitorLeadColumns(input, now),
        message: input.message,
        source: "contact-page",
        tags: [],
        campaignId: (await attributedCampaign(tx, submitter))?.id ?? null,
      })
      .onConflictDoNothing({ target: leads.submissionKey })
      .returning();
    if (!lead) return leadOfSubmission(tx, input.submissionKey).then(savedEarlier);
    await tx.insert(leadTimelineEvents).values({
      leadId: lead.id,
      event: "form_submitted",
      data: { tier: null, promo: false, form: "contact" },
      createdAt: now,
    });
    const variables = { FirstName: firstName(lead.name), CompanyName: settings.companyName ?? "our studio" };
    // The spec's send-inquiry-emails serves the contact page too: the visitor's copy is logged as an inquiry confirmation.
    await enqueueTemplatedEmail(tx, {
      templateKey: "contact_confirmation",
      emailType: "inquiry_confirmation",
      to: lead.email,
      toName: lead.name,
      leadId: lead.id,
      variables,
    });
    await notifyAgency(tx, settings, lead, "contact_notification", { ...variables, Source: "contact-page" });
    await publish(tx, "lead.captured", { lead, triggers: ["contact_message_received"], referralCode: referralCodeOf(submitter), now });
    return { leadId: lead.id };
  });
}

async function notifyAgency(
  tx: DatabaseExecutor,
  settings: OrganizationSettings,
  lead: Lead,
  templateKey: "admin_notification" | "contact_notification",
  variables: Record<string, string>,
): Promise<void> {
  const to = agencyAddress(settings);
  if (!to) return;
  await enqueueTemplatedEmail(tx, {
    templateKey,
    emailType: templateKey,
    to,
    toName: settings.companyName,
    leadId: lead.id,
    variables: {
      ...variables,
      LeadName: lead.name,
      LeadEmail: lead.email,
      LeadPhone: lead.phone ?? "Not given",
      BusinessType: businessTypeLabel(lead.businessType),
      Message: lead.message ?? "(no message)",
    },
  });
}
