import { ACCOUNT_EMAIL_TEMPLATES } from "./account-email-templates";
import { BOOKING_EMAIL_TEMPLATES } from "./booking-email-templates";
import type { DefaultEmailTemplate } from "./default-template-parts";
import { INVOICE_EMAIL_TEMPLATES } from "./invoice-email-templates";
import { LEAD_EMAIL_TEMPLATES } from "./lead-email-templates";
import { PROPOSAL_EMAIL_TEMPLATES } from "./proposal-email-templates";

/**
 * The system e-mails as they ship. Admins edit them in Templates; the seed inserts a key that is
 * missing and brings a template nobody has saved (still version 1) to the text shipped now, so an
 * improvement reaches every install while an admin's edits survive restarts and upgrades.
 * Variables: {{FirstName}}, {{Tier}}, {{Offer}}, {{PromoPrice}}, {{ExpiryDate}}, {{PromoCode}},
 * {{CompanyName}}, and for staff notifications {{LeadName}}, {{LeadEmail}},
 * {{LeadPhone}}, {{BusinessType}}, {{Message}}, {{Source}}. Values are HTML-escaped when rendered.
 * A number a setting governs is a variable ({{PromoPrice}}, {{ExpiryDate}}), never fixed text; the
 * reply promise is the one value of ~/organization/reply-promise.
 */
export const DEFAULT_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [...LEAD_EMAIL_TEMPLATES, ...BOOKING_EMAIL_TEMPLATES, ...INVOICE_EMAIL_TEMPLATES, ...ACCOUNT_EMAIL_TEMPLATES, ...PROPOSAL_EMAIL_TEMPLATES];
