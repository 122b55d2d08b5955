import { recordId } from "~/forms/record-id";
import { z } from "~/forms/zod";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIER_VALUES } from "~/leads/lead-options";

// The 'Send campaign e-mail' form: one zod schema, used by the dialog and again by the action.

/** An optional filter of the segment: empty is "all"; a value the leads list does not know is refused (never "all" by mistake). */
const segmentFilter = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));

/** 'Send campaign e-mail': a template and a segment of leads, with the leads list's own filters. */
export const campaignSendSchema = z.object({
  templateId: recordId("Choose a template"),
  q: z.string().trim().max(200, "Use at most 200 characters").optional().default(""),
  status: segmentFilter(LEAD_STATUSES, "Choose a lead status"),
  tier: segmentFilter(LEAD_TIER_VALUES, "Choose a tier"),
  source: segmentFilter(LEAD_SOURCES, "Choose a source"),
});
export type CampaignSendInput = z.infer<typeof campaignSendSchema>;
