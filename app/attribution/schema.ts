import { date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { recordKey, updatedAt } from "~/db/columns";
import { CAMPAIGN_STATUSES } from "./campaign-options";

export { CAMPAIGN_STATUSES, type CampaignStatus } from "./campaign-options";

export const campaigns = pgTable(
  "campaigns",
  {
    id: recordKey(),
    name: text("name").notNull(),
    /** The tracked link is `/?campaign={slug}`. */
    slug: text("slug").notNull().unique(),
    offerTitle: text("offer_title"),
    startDate: date("start_date", { mode: "string" }),
    promoDurationDays: integer("promo_duration_days").notNull().default(7),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    description: text("description"),
    // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [index("campaigns_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

export type Campaign = typeof campaigns.$inferSelect;
