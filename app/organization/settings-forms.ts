import { dollarsField, optionalDollarsField } from "~/forms/money-field";
import { emailAddress, optionalName, optionalText, personName } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "./tier-catalog";

// The forms that save the organization's settings: one zod schema per Settings tab, used by the page
// (limits, choices), again by its action, and by the settings service for its input. The Data tab's
// other forms are app/settings/data-tab-forms.ts. Pure: unit-tested in settings-forms.test.ts.

/** The business time zones offered (spec 001 §9, "Timezone choices"); the one list of the product. */
export const BUSINESS_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Phoenix",
  "America/Anchorage",
  "Pacific/Honolulu",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
] as const;

export const SETTINGS_SAVED = "Settings saved successfully";

const optionalEmail = z
  .string()
  .trim()
  .max(254, "Use at most 254 characters")
  .optional()
  .refine((value) => !value || z.email().safeParse(value).success, "Please enter a valid email address")
  .transform((value) => (value ? value.toLowerCase() : null));

const singleLine = (value: string | null) => value === null || !/[\r\n\p{Cc}]/u.test(value);

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${label} from ${min} to ${max}` })
    .int(`Enter a whole number`)
    .min(min, `Enter ${label} from ${min} to ${max}`)
    .max(max, `Enter ${label} from ${min} to ${max}`);

export const organizationSettingsForm = z.object({
  // It goes into mail headers (the From name, subjects): one line, nothing a header would decode.
  companyName: personName("Enter the company name"),
  replyToEmail: optionalEmail,
  agencyNotificationEmail: optionalEmail,
  phone: optionalText(40).refine(singleLine, "Use one line of text"),
  address: optionalText(300),
  timezone: z.enum(BUSINESS_TIME_ZONES, { error: "Choose a time zone from the list" }),
  // A checkbox: present ("on") when ticked, absent when not.
  clientPortalEnabled: z.literal("on").optional().transform((value) => value === "on"),
});
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsForm>;

export const emailSettingsForm = z.object({
  senderName: optionalName(120),
  senderEmail: optionalEmail,
  unsubscribeFooterText: optionalText(500),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsForm>;

export const testEmailForm = z.object({ to: emailAddress("Enter an e-mail address") });

export const promoSettingsForm = z.object({
  promoDurationDays: wholeNumber("a number of days", 1, 365),
  promoCodePrefix: z
    .string({ error: "Enter a code prefix" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, "Use 2 to 12 letters or digits"),
  referralCommissionPercent: wholeNumber("a percent", 0, 100),
  promoPopupDelaySeconds: wholeNumber("a number of seconds", 0, 60),
});
export type PromoSettingsInput = z.infer<typeof promoSettingsForm>;

/** One tier of the catalog; features are typed one per line. */
export const tierForm = z
  .object({
    tier: z.enum(TIER_IDS, { error: "Unknown tier" }),
    name: z.string().trim().min(1, "Enter the tier's name").max(80, "Use at most 80 characters"),
    tagline: optionalText(200),
    price: dollarsField("Enter the price in dollars, e.g. 199 or 99.50", { max: 999_999_999 }),
    promoPrice: optionalDollarsField("Enter the promo price in dollars, e.g. 199 or 99.50", { max: 999_999_999 }),
    isCustomQuote: z
      .union([z.literal("on"), z.literal("")])
      .optional()
      .transform((value) => value === "on"),
    features: z
      .string()
      .max(4000, "Use at most 4000 characters")
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== ""),
      )
      .refine((lines) => lines.length <= 20, "List at most 20 features")
      .refine((lines) => lines.every((line) => line.length <= 120), "Keep each feature to 120 characters"),
  })
  .refine((tier) => tier.promoPrice === null || tier.promoPrice <= tier.price, {
    path: ["promoPrice"],
    message: "The promo price must not be above the price",
  });
export type TierInput = z.infer<typeof tierForm>;

/** How many nightly backups DATA_DIR/backups keeps. */
export const backupSettingsForm = z.object({ backupsKept: wholeNumber("a number of backups", 1, 365) });
