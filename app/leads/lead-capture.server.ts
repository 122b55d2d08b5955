import { db } from "~/db/connection.server";
import type { InquiryInput } from "./inquiry-form";
import { PROMO_TAG } from "./lead-options";
import { leads, leadTimelineEvents, type Lead } from "./schema";

/**
 * A visitor's inquiry becomes a lead (status new) with its first timeline
 * entry, in one transaction.
 */
export async function createInquiryLead(input: InquiryInput): Promise<Lead> {
  return db().transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        businessType: input.businessType ?? null,
        industry: input.industry ?? null,
        message: input.message ?? null,
        tier: input.tier ?? null,
        source: input.promo ? "$99 Promo" : "website",
        status: "new",
        tags: input.promo ? [PROMO_TAG] : [],
      })
      .returning();
    if (!lead) throw new Error("The lead was not saved");
    await tx.insert(leadTimelineEvents).values({
      leadId: lead.id,
      event: "form_submitted",
      data: { tier: input.tier ?? null, promo: input.promo },
    });
    return lead;
  });
}
