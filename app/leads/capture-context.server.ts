import { eq } from "drizzle-orm";
import type { FirstTouch } from "~/attribution/attribution";
import { findAttributableCampaign, type AttributableCampaign } from "~/attribution/attribution.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { organizationSettings, type OrganizationSettings } from "~/organization/schema";
import type { InquiryInput } from "./inquiry-form";
import { BUSINESS_TYPES } from "./lead-options";
import { leads, type Lead } from "./schema";
import { choiceLabel } from "~/formatting/choices";
import { agencyAddress } from "~/organization/agency-address";
import { refuseIfAbusive } from "~/request-safety/public-form-limits.server";

/**
 * Public lead capture (claim-promo, create-inquiry-lead, create-contact-lead): what the three forms share.
 * Each accepted submission writes the lead, its timeline entry and the e-mails it
 * causes (into the outbox) in one transaction. A refused submission (a filled honeypot, 400; a
 * rate limit, 429) throws `Refusal` before anything is written, so it creates nothing.
 */

/**
 * Who sent the request: the rate limits count per address; `touch` is the campaign or referral
 * link the visitor first arrived through (app/campaigns/attribution.ts), which the new lead keeps.
 */
export type Submitter = { clientAddress: string; now?: Date; touch?: FirstTouch | null };

/**
 * The lead an earlier post of the same form made (its one-time key, `leads.submission_key`): a
 * double tap or a resent request is answered with that lead's success, and makes nothing again.
 */
export async function leadOfSubmission(executor: DatabaseExecutor, submissionKey: string | undefined): Promise<CaptureResult | undefined> {
  if (!submissionKey) return undefined;
  const [earlier] = await executor.select({ id: leads.id }).from(leads).where(eq(leads.submissionKey, submissionKey)).limit(1);
  return earlier ? { leadId: earlier.id } : undefined;
}

/**
 * An inquiry or a contact message, once: a post the form already made is answered with its lead;
 * an abusive one is refused before anything is written; otherwise `write` makes the lead in one transaction.
 */
export async function captureOnce(
  form: "inquiry" | "contact",
  input: { email: string; website?: string | undefined; submissionKey?: string | undefined },
  submitter: Submitter,
  write: (tx: DatabaseExecutor, settings: OrganizationSettings, now: Date) => Promise<CaptureResult>,
): Promise<CaptureResult> {
  const earlier = await leadOfSubmission(db(), input.submissionKey);
  if (earlier) return earlier;
  await refuseIfAbusive(form, input, submitter);
  const now = submitter.now ?? new Date();
  return db().transaction(async (tx) => write(tx, await readSettings(tx), now));
}

export async function readSettings(tx: DatabaseExecutor): Promise<OrganizationSettings> {
  const [settings] = await tx.select().from(organizationSettings).limit(1);
  if (!settings) throw new Error("Organization settings are missing: the seed has not run.");
  return settings;
}

/** The campaign a new lead is attributed to: the touch's campaign, when it exists and is active. */
export function attributedCampaign(tx: DatabaseExecutor, submitter: Submitter): Promise<AttributableCampaign | null> {
  return findAttributableCampaign(tx, submitter.touch?.campaign);
}

/** The client's referral link a new lead came through, if any (referrals record it, on "lead.captured"). */
export function referralCodeOf(submitter: Submitter): string | null {
  return submitter.touch?.ref ?? null;
}

export function businessTypeLabel(value: string | null | undefined): string {
  return choiceLabel(BUSINESS_TYPES, value) ?? "Not given";
}

/** What every lead a visitor's inquiry or message makes starts with (status new, the form's one-time key). */
export function visitorLeadColumns(input: Pick<InquiryInput, "name" | "email" | "phone" | "businessType" | "submissionKey">, now: Date) {
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

export function savedEarlier(earlier: CaptureResult | undefined): CaptureResult {
  if (!earlier) throw new Error("The lead was not saved");
  return earlier;
}

export async function notifyAgency(
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
