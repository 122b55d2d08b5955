import { personName } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { BUSINESS_TYPE_VALUES, INDUSTRY_VALUES, LEAD_TIER_VALUES } from "./lead-options";

/** Optional text: empty means "not given" (stored as null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();

const optionalChoice = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.enum(values), z.literal("")])
    .transform((value) => (value === "" ? undefined : value))
    .optional();

/** A person's name as typed into a public form: one line, nothing a mail header would decode. */
const visitorName = personName("Name is required");

export const emailAddress = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Use at most 254 characters")
  .email("Please enter a valid email address");

/** A form's one-time key (see `leads.submission_key`); a malformed one is refused. */
const submissionKey = z.string().uuid("The form is out of date. Please reload the page.").optional().or(z.literal("").transform(() => undefined));

/** The inquiry dialog (spec 000 §5): name and e-mail required, the rest optional. */
export const inquirySchema = z.object({
  name: visitorName,
  email: emailAddress,
  phone: optionalText(40),
  businessType: optionalChoice(BUSINESS_TYPE_VALUES),
  industry: optionalChoice(INDUSTRY_VALUES),
  message: optionalText(5000),
  tier: optionalChoice(LEAD_TIER_VALUES),
  promo: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => value === "true"),
  // Honeypot: hidden from people, filled in by bots.
  website: z.string().max(500).optional(),
  submissionKey,
});

export type InquiryInput = z.infer<typeof inquirySchema>;

const requiredPhone = z
  .string()
  .trim()
  .min(1, "Phone is required")
  .max(40, "Use at most 40 characters")
  .refine((value) => /^[0-9+().\-\s]*(?:(?:ext\.?|x)\s*\d+)?$/i.test(value), "Please enter a valid phone number")
  .refine((value) => (value.match(/\d/g) ?? []).length >= 7, "Please enter a valid phone number");

/** Where a visitor claimed the $99 offer; each has its own lead source and tag (spec 000 §3). */
export const PROMO_PLACEMENTS = ["popup", "sticky_button", "packages_page"] as const;
export type PromoPlacement = (typeof PROMO_PLACEMENTS)[number];

/** The promo forms (popup, sticky button, packages page, spec 000 §5): full name, e-mail and phone required. */
export const promoClaimSchema = z.object({
  name: visitorName,
  email: emailAddress,
  phone: requiredPhone,
  placement: z.enum(PROMO_PLACEMENTS, "Choose where the offer was claimed"),
  website: z.string().max(500).optional(),
});

export type PromoClaimInput = z.infer<typeof promoClaimSchema>;

/** The contact page's message form (spec 000 §5): name, e-mail and message required. */
export const contactSchema = z.object({
  name: visitorName,
  email: emailAddress,
  phone: optionalText(40),
  businessType: optionalChoice(BUSINESS_TYPE_VALUES),
  message: z.string().trim().min(1, "Message is required").max(5000, "Use at most 5000 characters"),
  website: z.string().max(500).optional(),
  submissionKey,
});

export type ContactInput = z.infer<typeof contactSchema>;
