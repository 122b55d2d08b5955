import { emailAddress, optionalText, personName } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { BUSINESS_TYPE_VALUES, INDUSTRY_VALUES, LEAD_STATUSES, LEAD_TIER_VALUES } from "./lead-options";
import { PROMO_EXTENSION } from "./promo-state";

// The back-office's lead forms: one zod schema each, used by the dialog and again by the action.

const REQUIRED = "Name and email are required";

const optionalChoice = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));

/** 'Add Lead'. */
export const newLeadSchema = z.object({
  name: personName(REQUIRED),
  email: emailAddress(REQUIRED),
  phone: optionalText(40),
  businessType: optionalChoice(BUSINESS_TYPE_VALUES),
  industry: optionalChoice(INDUSTRY_VALUES),
  tier: optionalChoice(LEAD_TIER_VALUES),
  message: optionalText(5000),
});
export type NewLeadInput = z.infer<typeof newLeadSchema>;

export const leadStatusSchema = z.object({ status: z.enum(LEAD_STATUSES, { error: "Choose new, contacted or converted" }) });

export const leadNoteSchema = z.object({
  note: z.string().trim().min(1, "Write a note first").max(5000, "Use at most 5000 characters"),
});

export const promoExtensionSchema = z.object({
  days: z.coerce
    .number({ error: `Enter a number of days from ${PROMO_EXTENSION.min} to ${PROMO_EXTENSION.max}` })
    .int(`Enter a whole number of days`)
    .min(PROMO_EXTENSION.min, `Extend by at least ${PROMO_EXTENSION.min} day`)
    .max(PROMO_EXTENSION.max, `Extend by at most ${PROMO_EXTENSION.max} days`),
});

export const promoEnabledSchema = z.object({ enabled: z.enum(["true", "false"]).transform((value) => value === "true") });

export const leadIdsSchema = z.array(z.uuid("Select at least one lead")).min(1, "Select at least one lead").max(1000, "Delete at most 1000 leads at once");

/** The bulk delete's form: one `leadIds` field per selected lead. */
export const leadIdsFormSchema = z.object({ leadIds: z.preprocess((value) => (Array.isArray(value) ? value : value ? [value] : []), leadIdsSchema) });

/** The lead an intent acts on. */
export const leadIdFormSchema = z.object({ leadId: z.uuid("Lead not found") });

/** Where an action goes back to with its toast: only the back-office's own lead pages. */
export const returnToSchema = z.object({
  returnTo: z
    .string()
    .optional()
    .transform((value) => (value && /^\/admin\/leads(?:[/?][^\r\n\\]*)?$/.test(value) && !value.startsWith("//") ? value : undefined)),
});
