import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "~/db/columns";
import { TIER_IDS } from "./tier-catalog";
import { DEFAULT_POPUP_DELAY_SECONDS } from "./promo-popup";

/**
 * The organization's settings: exactly one row (id = 1, enforced by a CHECK), so every app
 * process reads the same values. Create it with INSERT ... ON CONFLICT (id) DO NOTHING.
 */
export const organizationSettings = pgTable(
  "organization_settings",
  {
    id: integer("id").primaryKey().default(1),
    companyName: text("company_name"),
    replyToEmail: text("reply_to_email"),
    /** Where new-lead and booking notifications for staff go. */
    agencyNotificationEmail: text("agency_notification_email"),
    phone: text("phone"),
    /** The postal address printed in e-mail footers. */
    address: text("address"),
    /** The From of every e-mail; null: the company name and MAIL_FROM (or the reply-to address). */
    senderName: text("sender_name"),
    senderEmail: text("sender_email"),
    /** The line above the unsubscribe link in marketing e-mails. */
    unsubscribeFooterText: text("unsubscribe_footer_text"),
    /** What a referrer earns of a referred client's first invoice, in percent. */
    referralCommissionPercent: integer("referral_commission_percent").notNull().default(10),
    // DESIGN.md: one business time zone (the spec's timezone/admin_timezone are this one field).
    timezone: text("timezone").notNull().default("America/New_York"),
    promoDurationDays: integer("promo_duration_days").notNull().default(7),
    promoCodePrefix: text("promo_code_prefix").notNull().default("LAUNCH"),
    /** How long after a page loads the $99 offer pops up on a wide screen (spec 000 §4: 2 seconds). */
    promoPopupDelaySeconds: integer("promo_popup_delay_seconds").notNull().default(DEFAULT_POPUP_DELAY_SECONDS),
    sessionTimeoutMinutes: integer("session_timeout_minutes").notNull().default(30),
    require2fa: boolean("require_2fa").notNull().default(false),
    defaultMeetingLink: text("default_meeting_link"),
    defaultConsultDurationMinutes: integer("default_consult_duration_minutes").notNull().default(30),
    bufferTimeMinutes: integer("buffer_time_minutes").notNull().default(0),
    /** A visitor may cancel or reschedule up to this many hours before the call. */
    bookingCancelCutoffHours: integer("booking_cancel_cutoff_hours").notNull().default(24),
    /**
     * The client portal (/portal, decision 033): off, it answers that it is not available, and no
     * e-mail or back-office page links to it.
     */
    clientPortalEnabled: boolean("client_portal_enabled").notNull().default(true),
    /** How many nightly backups of the embedded database DATA_DIR/backups keeps (the newest). */
    backupsKept: integer("backups_kept").notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("organization_settings_singleton_check", sql`${t.id} = 1`),
    check("organization_settings_promo_duration_check", sql`${t.promoDurationDays} BETWEEN 1 AND 365`),
    check("organization_settings_popup_delay_check", sql`${t.promoPopupDelaySeconds} BETWEEN 0 AND 60`),
    check("organization_settings_session_timeout_check", sql`${t.sessionTimeoutMinutes} > 0`),
    check("organization_settings_consult_duration_check", sql`${t.defaultConsultDurationMinutes} >= 15`),
    check("organization_settings_buffer_check", sql`${t.bufferTimeMinutes} >= 0`),
    check("organization_settings_cancel_cutoff_check", sql`${t.bookingCancelCutoffHours} >= 0`),
    check("organization_settings_commission_check", sql`${t.referralCommissionPercent} BETWEEN 0 AND 100`),
    check("organization_settings_backups_kept_check", sql`${t.backupsKept} BETWEEN 1 AND 365`),
  ],
);

/** The one, editable tier catalog (DESIGN.md "Tiers"); seeded from `tier-catalog.ts`. */
export const packageTiers = pgTable(
  "package_tiers",
  {
    tier: text("tier", { enum: TIER_IDS }).primaryKey(),
    name: text("name").notNull(),
    tagline: text("tagline"),
    priceCents: integer("price_cents").notNull(),
    /** The launch-promo price; null when the tier has no promo. */
    promoPriceCents: integer("promo_price_cents"),
    isCustomQuote: boolean("is_custom_quote").notNull().default(false),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "package_tiers_prices_check",
      sql`${t.priceCents} >= 0 AND (${t.promoPriceCents} IS NULL OR ${t.promoPriceCents} >= 0)`,
    ),
  ],
);

export type OrganizationSettings = typeof organizationSettings.$inferSelect;
export type PackageTier = typeof packageTiers.$inferSelect;
