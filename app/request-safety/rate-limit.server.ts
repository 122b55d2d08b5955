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

type CounterRow = { key: string; count: number; expires_at: string | Date };

/**
 * Counts one request against every rule and says whether all of them still allow it: one atomic
 * upsert for all the rules' keys (a public lead post has five), in key order so that two requests
 * counting the same keys on PostgreSQL lock them in the same order. A refused request is counted
 * too, so hammering a limit does not reopen it early; the first rule (in the given order) over its
 * limit is the one the verdict names.
 */
export async function consumeRateLimits(
  rules: RateLimitRule[],
  options: { now?: Date; database?: Database } = {},
): Promise<RateLimitVerdict> {
  const now = options.now ?? new Date();
  const windows = await countRateLimitHits(rules, options);
  for (const rule of rules) {
    const window = windows.get(rule.key);
    if (!window) throw new Error(`The rate limit counter ${rule.key} was not updated`);
    if (window.count > rule.limit) return { allowed: false, key: rule.key, retryAfterMs: Math.max(0, window.windowEndsAt.getTime() - now.getTime()) };
  }
  return { allowed: true };
}

/**
 * Counts one hit against a rule's key in one atomic upsert (a window that has ended starts
 * again at 1) and answers the count its window now holds and when that window ends.
 */
export async function countRateLimitHit(
  rule: RateLimitRule,
  options: { now?: Date; database?: Database } = {},
): Promise<{ count: number; windowEndsAt: Date }> {
  const window = (await countRateLimitHits([rule], options)).get(rule.key);
  if (!window) throw new Error("The rate limit counter was not updated");
  return window;
}

/**
 * One hit for each distinct key of `rules` (a key named twice is counted once, with its first
 * rule's window), in one statement: each key's count and window end after it.
 */
async function countRateLimitHits(
  rules: RateLimitRule[],
  options: { now?: Date; database?: Database },
): Promise<Map<string, { count: number; windowEndsAt: Date }>> {
  const now = options.now ?? new Date();
  const database = options.database ?? db();
  const byKey = new Map<string, RateLimitRule>();
  for (const rule of rules) if (!byKey.has(rule.key)) byKey.set(rule.key, rule);
  if (byKey.size === 0) return new Map();
  const keys = [...byKey.keys()].sort();
  const values = sql.join(
    keys.map((key) => {
      const windowEnds = new Date(now.getTime() + (byKey.get(key)?.windowMs ?? 0));
      return sql`(${key}, ${now.toISOString()}::timestamptz, 1, ${windowEnds.toISOString()}::timestamptz)`;
    }),
    sql`, `,
  );
  const rows = await queryRows<CounterRow>(
    database,
    sql`insert into ${rateLimitCounters} (key, window_started_at, count, expires_at)
        values ${values}
        on conflict (key) do update set
          count = case when ${rateLimitCounters.expiresAt} <= excluded.window_started_at then 1 else ${rateLimitCounters.count} + 1 end,
          window_started_at = case when ${rateLimitCounters.expiresAt} <= excluded.window_started_at then excluded.window_started_at else ${rateLimitCounters.windowStartedAt} end,
          expires_at = case when ${rateLimitCounters.expiresAt} <= excluded.window_started_at then excluded.expires_at else ${rateLimitCounters.expiresAt} end
        returning key, count, expires_at`,
  );
  return new Map(rows.map((row) => [row.key, { count: row.count, windowEndsAt: new Date(row.expires_at) }]));
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
