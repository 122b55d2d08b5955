import { z } from "zod";
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

/** A person's name as typed into a public form: one line, no control characters (no mail header injection). */
export const personName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(120, "Use at most 120 characters")
  .refine((value) => !/\p{Cc}/u.test(value), "Use letters, spaces and punctuation only");

export const emailAddress = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Use at most 254 characters")
  .email("Please enter a valid email address");

/** The inquiry dialog (spec 000 §5): name and e-mail required, the rest optional. */
export const inquirySchema = z.object({
  name: personName,
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
});

export type InquiryInput = z.infer<typeof inquirySchema>;
