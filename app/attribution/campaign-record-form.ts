import { recordId } from "~/forms/record-id";
import { optionalDay, optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { CAMPAIGN_STATUSES } from "./campaign-options";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./campaign-slug";

// A campaign's record form: one zod schema, used by the dialogs and again by the actions.
/** 'Create Campaign' and 'Edit': the slug is optional (made from the name when left empty). */
export const campaignSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Use at most 120 characters"),
  offerTitle: optionalText(200),
  startDate: optionalDay("Enter a date"),
  promoDurationDays: z.coerce
    .number({ error: "Enter the number of days" })
    .int("Enter whole days")
    .min(1, "At least 1 day")
    .max(365, "At most 365 days"),
  status: z.enum(CAMPAIGN_STATUSES, { error: "Choose a status" }),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX_LENGTH, `Use at most ${SLUG_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || SLUG_PATTERN.test(value), "Use lower-case letters, digits and single hyphens"),
});
export type CampaignInput = z.infer<typeof campaignSchema>;

export const campaignIdSchema = z.object({ campaignId: recordId("Campaign not found") });
