import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "~/db/columns";

/**
 * Fixed-window request counters for the public forms' rate limits (rate-limit.server.ts).
 * In the database, not in memory, so every app process counts the same requests.
 * `key` names the rule and the subject, e.g. `promo-claim:ip:203.0.113.9`.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  windowStartedAt: instant("window_started_at").notNull(),
  count: integer("count").notNull(),
  /** When the current window ends; the cleanup job deletes rows past it. */
  expiresAt: instant("expires_at").notNull(),
});
