import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Work shown on the Portfolio page (spec 000 §3, Portfolio item). Seeded; edited in the database. */
export const portfolioItems = pgTable("portfolio_items", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  features: text("features").array().notNull(),
  tierLabel: text("tier_label").notNull(),
  link: text("link"),
  imagePath: text("image_path"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PortfolioItem = typeof portfolioItems.$inferSelect;

/**
 * Fixed-window request counters for the public forms' rate limits (app/site/rate-limit.server.ts).
 * In the database, not in memory, so every app process counts the same requests.
 * `key` names the rule and the subject, e.g. `promo-claim:ip:203.0.113.9`.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
  /** When the current window ends; the cleanup job deletes rows past it. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type RateLimitCounter = typeof rateLimitCounters.$inferSelect;
