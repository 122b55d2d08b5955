import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/email/template-variables";
import { publish } from "~/events/domain-events";
import { attributedCampaign, captureOnce, leadOfSubmission, notifyAgency, referralCodeOf, savedEarlier, visitorLeadColumns, type CaptureResult, type Submitter } from "./capture-context.server";
import type { ContactInput } from "./inquiry-form";
import { leads, leadTimelineEvents } from "./schema";

/**
 * A contact message becomes a lead (source contact-page) with a confirmation to the
 * visitor and a notification to the agency, in one transaction.
 */
export async function createContactLead({ input, submitter }: { input: ContactInput; submitter: Submitter }): Promise<CaptureResult> {
  return captureOnce("contact", input, submitter, async (tx, settings, now) => {
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
