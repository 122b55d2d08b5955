import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { db, queryRows, type Database } from "~/db/connection.server";
import { rateLimitCounters } from "./schema";

/**
 * Rate limits for public forms (and anything else that takes untrusted requests).
 * A fixed window per key, counted in the database with one atomic upsert, so
 * several app processes behind a load balancer agree on the count.
 */
export type RateLimitRule = {
  /** What is limited and for whom, e.g. `promo-claim:ip:203.0.113.9`. */
  key: string;
  /** Requests allowed within the window. */
  limit: number;
  windowMs: number;
};

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; key: string };

type CounterRow = { count: number; expires_at: string | Date };

/**
 * Counts one request against every rule and says whether all of them still allow it.
 * A refused request is counted too, so hammering a limit does not reopen it early.
 */
export async function consumeRateLimits(
  rules: RateLimitRule[],
  options: { now?: Date; database?: Database } = {},
): Promise<RateLimitVerdict> {
  const now = options.now ?? new Date();
  let refused: RateLimitVerdict = { allowed: true };
  for (const rule of rules) {
    const { count, windowEndsAt } = await countRateLimitHit(rule, options);
    if (count > rule.limit && refused.allowed) {
      refused = { allowed: false, key: rule.key, retryAfterMs: Math.max(0, windowEndsAt.getTime() - now.getTime()) };
    }
  }
  return refused;
}

/**
 * Counts one hit against a rule's key in one atomic upsert (a window that has ended starts
 * again at 1) and answers the count its window now holds and when that window ends.
 */
export async function countRateLimitHit(
  rule: RateLimitRule,
  options: { now?: Date; database?: Database } = {},
): Promise<{ count: number; windowEndsAt: Date }> {
  const now = options.now ?? new Date();
  const database = options.database ?? db();
  const windowEnds = new Date(now.getTime() + rule.windowMs);
  const [row] = await queryRows<CounterRow>(
    database,
    sql`insert into ${rateLimitCounters} (key, window_started_at, count, expires_at)
        values (${rule.key}, ${now.toISOString()}::timestamptz, 1, ${windowEnds.toISOString()}::timestamptz)
        on conflict (key) do update set
          count = case when ${rateLimitCounters.expiresAt} <= excluded.window_started_at then 1 else ${rateLimitCounters.count} + 1 end,
          window_started_at = case when ${rateLimitCounters.expiresAt} <= excluded.window_started_at then excluded.window_started_at else ${rateLimitCounters.windowStartedAt} end,
          expires_at = case when ${rateLimitCounters.expiresAt} <= excluded.window_started_at then excluded.expires_at else ${rateLimitCounters.expiresAt} end
        returning count, expires_at`,
  );
  if (!row) throw new Error("The rate limit counter was not updated");
  return { count: row.count, windowEndsAt: new Date(row.expires_at) };
}

/**
 * Takes one hit back from each key's current window (a counted attempt that turned out to be
 * allowed, e.g. a sign-in whose password was right); a window that has ended is left alone.
 */
export async function refundRateLimitHits(keys: string[], now: Date = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db()
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.expiresAt, now)));
}

/** A key's current window: its count and when it started, or null when it has none running. */
export async function currentRateLimitWindow(key: string, now: Date = new Date()): Promise<{ count: number; startedAt: Date } | null> {
  const [row] = await db()
    .select({ count: rateLimitCounters.count, startedAt: rateLimitCounters.windowStartedAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.expiresAt, now)));
  return row ?? null;
}

/** Deletes counters whose window has ended (a recurring job); returns how many. */
export async function deleteExpiredRateLimitCounters(now: Date = new Date()): Promise<number> {
  const deleted = await db().delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now)).returning({ key: rateLimitCounters.key });
  return deleted.length;
}

/** "in about 12 minutes": how long a refused visitor should wait, in words. */
export function describeWait(retryAfterMs: number): string {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  if (minutes <= 1) return "in a minute";
  if (minutes < 60) return `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "in an hour" : `in ${hours} hours`;
}
