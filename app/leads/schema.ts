import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference, optionalReference } from "~/db/columns";
import { user } from "~/auth/schema";
import { campaigns } from "~/attribution/schema";
import {
  BOOKING_STATUSES,
  BUSINESS_TYPE_VALUES,
  INDUSTRY_VALUES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TIER_VALUES,
  LEAD_TIMELINE_EVENTS,
  PROMO_STATUSES,
} from "./lead-options";

// `{ enum }` on text columns types the values in TypeScript only (no SQL CHECK), so a
// list can grow without a migration; zod validates input at the edges.

export const leads = pgTable(
  "leads",
  {
    id: recordKey(),
    // Millisecond precision: a keyset cursor carries created_at through a JS Date, which holds milliseconds.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    businessType: text("business_type", { enum: BUSINESS_TYPE_VALUES }),
    industry: text("industry", { enum: INDUSTRY_VALUES }),
    message: text("message"),
    tier: text("tier", { enum: LEAD_TIER_VALUES }),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    // Unique: a code identifies one lead when it is applied to an invoice. NULLs don't clash.
    promoCode: text("promo_code").unique(),
    promoStatus: text("promo_status", { enum: PROMO_STATUSES }),
    promoExpiresAt: instant("promo_expires_at"),
    /** Last time the promo e-mail was sent; throttles re-sends. */
    promoEmailSentAt: instant("promo_email_sent_at"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    bookingStatus: text("booking_status", { enum: BOOKING_STATUSES }).notNull().default("not_sent"),
    /** The campaign whose link the visitor first arrived through (first touch wins); kept as null if it is deleted. */
    campaignId: optionalReference("campaign_id", () => campaigns.id, "set null"),
    /**
     * The form's one-time key (a page without JavaScript carries one): a second post of the same
     * form (a double tap, a resent request) finds the lead the first one made instead of a second.
     */
    submissionKey: text("submission_key").unique(),
  },
  (t) => [
    index("leads_campaign_id_idx").on(t.campaignId),
    // Default list order, keyset-paged: WHERE (created_at, id) < ($1, $2) ORDER BY created_at DESC, id DESC.
    // `.nullsFirst()` because drizzle-kit writes a bare `.desc()` as DESC NULLS LAST, which does not
    // match a plain `ORDER BY ... DESC` (NULLS FIRST), so the planner would sort instead of using it.
    index("leads_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Look-ups by address (rate limit per e-mail, "latest lead for this e-mail") are case-insensitive.
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
    // Status filter with the default sort (small cardinality, but the filter is on every list view).
    index("leads_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's other filters and sorts, each with the keyset order behind it (see docs/benchmarks/leads.md).
    index("leads_tier_created_at_idx").on(t.tier, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("leads_source_created_at_idx").on(t.source, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("leads_name_id_idx").on(t.name, t.id),
    index("leads_email_id_idx").on(t.email, t.id),
    // 'Website Promos' tile: the same expression as WEBSITE_PROMO_CONDITION in leads.server.ts.
    index("leads_website_promo_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.tags} @> ARRAY['$99_promo']::text[]`),
    // The expiry sweep only ever looks at active promos.
    index("leads_active_promo_expires_idx").on(t.promoExpiresAt).where(sql`${t.promoStatus} = 'active'`),
    // Substring search (ILIKE '%q%') on name, e-mail and promo code. Needs the pg_trgm extension.
    index("leads_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("leads_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("leads_promo_code_trgm_idx").using("gin", t.promoCode.op("gin_trgm_ops")),
  ],
);

/** Arbitrary event details, e.g. { source, code } for promo_claimed, { tier, promo } for form_submitted. */
export type LeadTimelineData = Record<string, unknown>;

/** A lead's history (spec "timeline"); admin notes are `note_added` events, there is no notes table. */
export const leadTimelineEvents = pgTable(
  "lead_timeline_events",
  {
    id: recordKey(),
    // A lead's history goes with the lead.
    leadId: requiredReference("lead_id", () => leads.id, "cascade"),
    event: text("event", { enum: LEAD_TIMELINE_EVENTS }).notNull(),
    data: jsonb("data").$type<LeadTimelineData>().notNull().default({}),
    // Null for events caused by a visitor or the worker; kept (as null) if the admin account is removed.
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_timeline_events_lead_created_idx").on(t.leadId, t.createdAt.desc().nullsFirst()),
    index("lead_timeline_events_actor_idx").on(t.actorUserId),
  ],
);

export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
