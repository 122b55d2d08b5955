import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { recordKey, instant, optionalReference } from "~/db/columns";
import { clients } from "~/clients/schema";
import { leads } from "~/leads/schema";

export const REFERRAL_STATUSES = ["pending", "converted", "declined"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const referrals = pgTable(
  "referrals",
  {
    id: recordKey(),
    referrerName: text("referrer_name").notNull(),
    referrerEmail: text("referrer_email"),
    // The referral record (and any commission owed) survives the client's deletion;
    // client_name keeps who it was.
    clientId: optionalReference("client_id", () => clients.id, "set null"),
    clientName: text("client_name"),
    /** The client whose `?ref=` link the lead arrived through; the referrer's name stays if they are deleted. */
    referrerClientId: optionalReference("referrer_client_id", () => clients.id, "set null"),
    /** The referred lead: one referral per lead (first touch wins). */
    leadId: uuid("lead_id")
      .unique()
      .references(() => leads.id, { onDelete: "set null" }),
    /** Owed once the referred client's first invoice is paid: percent of that invoice's total. */
    commissionCents: integer("commission_cents"),
    convertedAt: instant("converted_at"),
    paidAt: instant("paid_at"),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull().default("pending"),
    commissionPercent: integer("commission_percent"),
    paid: boolean("paid").notNull().default(false),
    // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("referrals_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("referrals_client_id_idx").on(t.clientId),
    index("referrals_referrer_client_id_idx").on(t.referrerClientId),
    check(
      "referrals_commission_percent_check",
      sql`${t.commissionPercent} IS NULL OR ${t.commissionPercent} BETWEEN 0 AND 100`,
    ),
  ],
);

export type Referral = typeof referrals.$inferSelect;
