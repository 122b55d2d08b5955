import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/connection.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { logger } from "~/logging/logger.server";
import { emailOutbox, type EmailOutboxMessage } from "./schema";

// The outbox's claims: who sends which due message, held by a lease the sender renews, taken
// over once it runs out, given back when a run cannot finish (decision 045).

/**
 * A claim is a lease: the sending process renews it while it sends, so mail a killed process had
 * claimed is taken over once its lease runs out (seconds), and a live slow send is never taken twice.
 * The default; OUTBOX_LEASE_MS sets another (the tests' processes shorten it). Renewed every third of it.
 */
export const LEASE_MS = 30_000;

type OutboxRow = { id: string };

/**
 * After the database was unreachable, claims whose lease ran out meanwhile are left to their
 * holders this long: a living sender that kept an outcome through the outage writes it within a
 * second or two of the database's return (recordOutcomeUntilItLands), and must not find its
 * message taken over and sent again by a process that reached the database first. Mail a killed
 * process held waits this much longer (decision 045).
 */
export const TAKEOVER_GRACE_MS = 10_000;

/** When (performance.now()) each database was last found unreachable by this process's delivery. */
const lastUnreachable = new WeakMap<Database, number>();

export function noteIfUnreachable(database: Database, error: unknown): void {
  if (isDatabaseUnreachable(error)) lastUnreachable.set(database, performance.now());
}

export function mayTakeOver(database: Database): boolean {
  const at = lastUnreachable.get(database);
  return at === undefined || performance.now() - at >= TAKEOVER_GRACE_MS;
}

/**
 * Claims due messages, and (`takeOver`) those whose lease ran out, so that no other worker
 * (process) sends them too; answers their ids.
 */
export async function claimDueMessages(database: Database, now: Date, limit: number, leaseMs: number, takeOver: boolean): Promise<string[]> {
  // `now` has milliseconds, next_attempt_at microseconds: a message queued in this very millisecond is due too.
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  const lapsed = takeOver ? sql`or (status = 'sending' and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz))` : sql``;
  const claimed = await queryRows<OutboxRow>(
    database,
    sql`update ${emailOutbox}
        set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz,
            lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, attempts = attempts + 1
        where id in (
          select id from ${emailOutbox}
          where (status = 'pending' and next_attempt_at < ${dueBefore}::timestamptz)
             ${lapsed}
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  return claimed.map((row) => row.id);
}

/** The claimed messages, in the order they fell due. */
export async function claimedMessages(database: Database, ids: string[]): Promise<EmailOutboxMessage[]> {
  const rows = await database.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/**
 * Extends the lease of messages this worker still holds: the claim is recognised by its claimed_at,
 * so a message another worker took over (this one stalled past its lease) is left to that one.
 * Answers the ids renewed.
 */
async function renewHeldLeases(database: Database, ids: string[], claimedAt: Date, now: Date, leaseMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const renewed = await database
    .update(emailOutbox)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedAt, claimedAt)))
    .returning({ id: emailOutbox.id });
  return new Set(renewed.map((row) => row.id));
}

/** How many of `ids` this worker's renewal extended (see renewHeldLeases). */
export async function renewLeases(database: Database, ids: string[], claimedAt: Date, now = new Date(), leaseMs = LEASE_MS): Promise<number> {
  return (await renewHeldLeases(database, ids, claimedAt, now, leaseMs)).size;
}

/** The claims of one batch while its sender works through it. */
export type HeldClaims = {
  /** Whether the claim on `id` is still this sender's, asking the database first when the lease may have run out since it last said so. */
  stillOurs(id: string): Promise<boolean>;
  /** The messages not done yet and not found taken over. */
  remaining(): string[];
  /** The message's outcome is written (or it was given back): its lease is no longer renewed. */
  done(id: string): void;
  stop(): void;
};

/**
 * Renews the batch's leases every `everyMs` until stopped; a failed renewal (the database away) is
 * tried again on the next tick, and a message found taken over is no longer this sender's. Before
 * a message is sent, `stillOurs` asks the database again if no renewal has been confirmed for long
 * enough that the lease may have run out (renewals failed while the database was away): mail
 * another process took over meanwhile is left to it, not sent a second time.
 */
export function holdClaims(database: Database, ids: string[], claimedAt: Date, leaseMs: number, everyMs: number): HeldClaims {
  const held = new Set(ids);
  const lost = new Set<string>();
  let confirmedAt = performance.now();
  const renew = async () => {
    const asked = performance.now();
    const renewed = await renewHeldLeases(database, [...held], claimedAt, new Date(), leaseMs);
    for (const id of held) if (!renewed.has(id)) lost.add(id);
    confirmedAt = asked;
  };
  const timer = setInterval(() => {
    renew().catch((error: unknown) => {
      noteIfUnreachable(database, error);
      logger.warn({ err: error }, "the e-mail outbox could not renew its leases");
    });
  }, everyMs);
  timer.unref();
  return {
    async stillOurs(id) {
      // Renewals come every `everyMs`: none confirmed for the lease less that interval (the database away), the database is asked now.
      if (performance.now() - confirmedAt >= Math.max(leaseMs - everyMs, leaseMs / 2)) await renew();
      return held.has(id) && !lost.has(id);
    },
    remaining: () => [...held].filter((id) => !lost.has(id)),
    done(id) {
      held.delete(id);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Gives claimed messages back, as if never claimed (their attempt not counted): the next run of
 * any process sends them now instead of once their lease has run out. Only while the claim is
 * still this sender's (the same `claimed_at`).
 */
export async function releaseClaims(database: Database, ids: string[], claimedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await database
    .update(emailOutbox)
    .set({ status: "pending", claimedAt: null, leaseUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedAt, claimedAt)));
}

/** The waits between two tries of a write the database's absence held up: short, so that it lands within a second or so of its return. */
const RETRY_DELAYS_MS = [100, 200, 400, 800, 1_000];

export function databaseRetryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 1_000;
}

/**
 * Claims a run could not work through because the database went away are given back as soon as
 * it answers again, so that any process sends them then, rather than once their lease has run out.
 * Tried until the lease would have run out anyway, or the process stops.
 */
export async function giveBackOnceItAnswers(database: Database, ids: string[], claimedAt: Date, { leaseMs, stopping }: { leaseMs: number; stopping?: AbortSignal }): Promise<void> {
  if (ids.length === 0) return;
  const started = performance.now();
  for (let attempt = 0; performance.now() - started < leaseMs && !stopping?.aborted; attempt += 1) {
    try {
      await releaseClaims(database, ids, claimedAt);
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) return;
      await sleep(databaseRetryDelayMs(attempt));
    }
  }
}
