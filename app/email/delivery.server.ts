import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { db, queryRows, type Database } from "~/db/connection.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { logger } from "~/logging/logger.server";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { recordDeliveryAttempt, type DeliveryOutcome } from "./delivery-record.server";
import { headerText } from "./header-text";
import { unsealed } from "./sealed-links";
import { isPermanentRejection, isRecipientRejection, retryDelayMs } from "./retry-schedule";
import { emailOutbox, type EmailOutboxMessage } from "./schema";
import { findSuppression, suppressEmail } from "./suppression.server";
import { suppressedMessageNote } from "./suppression-options";
import { unsubscribeUrl } from "./unsubscribe-token.server";

/**
 * A claim is a lease: the sending process renews it while it sends, so mail a killed process had
 * claimed is taken over once its lease runs out (seconds), and a live slow send is never taken twice.
 * The default; OUTBOX_LEASE_MS sets another (the tests' processes shorten it). Renewed every third of it.
 */
export const LEASE_MS = 30_000;

let sharedTransport: { url: string; transport: Transporter } | undefined;

/** The SMTP transport of `SMTP_URL`, or null: then messages are stored and shown in the back-office. */
export function mailTransport(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  if (sharedTransport?.url !== url) {
    sharedTransport = { url, transport: nodemailer.createTransport(url) };
  }
  return sharedTransport.transport;
}

/** The From of every e-mail: the Email tab's sender, else the company name and MAIL_FROM (or the reply-to address). */
export function senderOf(settings: OrganizationSettings): { name: string; address: string } {
  return {
    name: settings.senderName ?? settings.companyName ?? "Our studio",
    address: settings.senderEmail ?? config().mailFrom ?? settings.replyToEmail ?? "no-reply@localhost",
  };
}

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

function noteIfUnreachable(database: Database, error: unknown): void {
  if (isDatabaseUnreachable(error)) lastUnreachable.set(database, performance.now());
}

function mayTakeOver(database: Database): boolean {
  const at = lastUnreachable.get(database);
  return at === undefined || performance.now() - at >= TAKEOVER_GRACE_MS;
}

/**
 * Claims due messages, and (`takeOver`) those whose lease ran out, so that no other worker
 * (process) sends them too; answers their ids.
 */
async function claimDueMessages(database: Database, now: Date, limit: number, leaseMs: number, takeOver: boolean): Promise<string[]> {
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
async function claimedMessages(database: Database, ids: string[]): Promise<EmailOutboxMessage[]> {
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
type HeldClaims = {
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
function holdClaims(database: Database, ids: string[], claimedAt: Date, leaseMs: number, everyMs: number): HeldClaims {
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

export type DeliveryOptions = {
  database?: Database;
  /** null: no SMTP configured, messages are stored. Default: the transport of `SMTP_URL`. */
  transport?: Transporter | null;
  now?: Date;
  batchSize?: number;
  /** How long a claim holds, and how often the sender renews it (tests shorten them). */
  leaseMs?: number;
  renewEveryMs?: number;
  /** Aborted when the process stops: the message being sent is finished, the rest of the batch released. */
  stopping?: AbortSignal;
  /** Awaited between two messages: the background worker's share of the event loop (it lets requests in, and may rest). */
  pace?: () => Promise<void>;
};

/** `claimed`: the messages this run took (a full batch means more may be due). */
export type DeliveryReport = { claimed: number; sent: number; stored: number; retrying: number; failed: number; suppressed: number };

/** Sends every due message once; the background worker calls this every second, and again at once after a full batch. */
export async function deliverDueEmails(options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const database = options.database ?? db();
  const transport = options.transport === undefined ? mailTransport() : options.transport;
  const now = options.now ?? new Date();
  const report: DeliveryReport = { claimed: 0, sent: 0, stored: 0, retrying: 0, failed: 0, suppressed: 0 };
  const leaseMs = options.leaseMs ?? config().outboxLeaseMs;
  let ids: string[];
  try {
    ids = await claimDueMessages(database, now, options.batchSize ?? 20, leaseMs, mayTakeOver(database));
  } catch (error) {
    noteIfUnreachable(database, error);
    throw error;
  }
  if (ids.length === 0) return report;
  report.claimed = ids.length;

  const claims = holdClaims(database, ids, now, leaseMs, options.renewEveryMs ?? leaseMs / 3);
  try {
    const messages = await claimedMessages(database, ids);
    // Nothing is sent until the database has answered this.
    const settings = await getOrganizationSettings();
    const from = senderOf(settings);
    for (const [index, message] of messages.entries()) {
      // One message at a time: what it costs is all a request arriving meanwhile can wait behind.
      if (index > 0) await options.pace?.();
      if (options.stopping?.aborted) {
        await releaseClaims(database, claims.remaining(), now);
        break;
      }
      if (!(await claims.stillOurs(message.id))) continue;
      const outcome = await deliver(database, transport, message, from, settings.replyToEmail);
      if (await recordOutcomeUntilItLands(database, message, outcome, { leaseMs, stopping: options.stopping })) report[outcome.status] += 1;
      claims.done(message.id);
    }
  } catch (error) {
    noteIfUnreachable(database, error);
    // The database went away before the batch was sent: what is left goes back once it answers, not after the lease.
    if (isDatabaseUnreachable(error)) await giveBackOnceItAnswers(database, claims.remaining(), now, { leaseMs, stopping: options.stopping });
    throw error;
  } finally {
    claims.stop();
  }
  return report;
}

/** The waits between two tries of a write the database's absence held up: short, so that it lands within a second or so of its return. */
const RETRY_DELAYS_MS = [100, 200, 400, 800, 1_000];

function retryDelay(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 1_000;
}

/**
 * Claims a run could not work through because the database went away are given back as soon as
 * it answers again, so that any process sends them then, rather than once their lease has run out.
 * Tried until the lease would have run out anyway, or the process stops.
 */
async function giveBackOnceItAnswers(database: Database, ids: string[], claimedAt: Date, { leaseMs, stopping }: { leaseMs: number; stopping?: AbortSignal }): Promise<void> {
  if (ids.length === 0) return;
  const started = performance.now();
  for (let attempt = 0; performance.now() - started < leaseMs && !stopping?.aborted; attempt += 1) {
    try {
      await releaseClaims(database, ids, claimedAt);
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) return;
      await sleep(retryDelay(attempt));
    }
  }
}

/**
 * An outcome known is an outcome kept: once the SMTP server has accepted a message (or refused
 * it), what became of it is written, however long the database is away. Each failed try for want
 * of the database waits a little (at most a second) and tries again; the lease stays renewed
 * meanwhile (holdClaims), and other processes take over no lapsed claim for a while after an
 * outage (TAKEOVER_GRACE_MS). Only a process that dies before the write lands leaves the message
 * to be sent again, with the same Message-ID. A process asked to stop gives up once its lease has
 * run out: past that, the message may be taken over whatever it does. Any other error is thrown.
 */
async function recordOutcomeUntilItLands(
  database: Database,
  message: EmailOutboxMessage,
  outcome: DeliveryOutcome,
  { leaseMs, stopping }: { leaseMs: number; stopping?: AbortSignal },
): Promise<boolean> {
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const recorded = await recordOutcome(database, message, outcome);
      if (attempt > 0) logger.info({ outbox_id: message.id, status: outcome.status, attempts: attempt + 1 }, "e-mail outcome written once the database answered again");
      return recorded;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      noteIfUnreachable(database, error);
      if (attempt === 0) logger.warn({ outbox_id: message.id, status: outcome.status, err: error }, "the database is unreachable: the e-mail's outcome is kept until it can be written");
      if (stopping?.aborted && performance.now() - started >= leaseMs) {
        logger.error({ outbox_id: message.id, status: outcome.status }, "stopping with an e-mail outcome unwritten: the message may be sent again");
        throw error;
      }
      await sleep(retryDelay(attempt));
    }
  }
}

/**
 * Gives claimed messages back, as if never claimed (their attempt not counted): the next run of
 * any process sends them now instead of once their lease has run out. Only while the claim is
 * still this sender's (the same `claimed_at`).
 */
async function releaseClaims(database: Database, ids: string[], claimedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await database
    .update(emailOutbox)
    .set({ status: "pending", claimedAt: null, leaseUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedAt, claimedAt)));
}

async function deliver(
  database: Database,
  transport: Transporter | null,
  message: EmailOutboxMessage,
  from: { name: string; address: string },
  replyTo: string | null,
): Promise<DeliveryOutcome> {
  if (message.category === "marketing") {
    // Checked again at send time: the address may have unsubscribed after the message was queued.
    const suppression = await findSuppression(database, message.toEmail);
    if (suppression) return { status: "suppressed", note: suppressedMessageNote(suppression.reason) };
  }
  if (!transport) return { status: "stored" };
  const unsubscribe = message.category === "marketing" ? await unsubscribeUrl(database, { email: message.toEmail, outboxId: message.id }) : null;
  return send(transport, message, from, replyTo, unsubscribe);
}

async function send(
  transport: Transporter,
  message: EmailOutboxMessage,
  from: { name: string; address: string },
  replyTo: string | null,
  unsubscribe: string | null,
): Promise<DeliveryOutcome> {
  // Its one-time links, kept apart, are put in only here, in what goes out.
  const outgoing = unsealed(message, message.sealed);
  try {
    await transport.sendMail({
      from: { name: headerText(from.name), address: from.address },
      to: message.toName ? { name: headerText(message.toName), address: message.toEmail } : message.toEmail,
      replyTo: replyTo ?? undefined,
      subject: headerText(outgoing.subject),
      text: outgoing.text,
      html: outgoing.html,
      // The outbox id: a receiver (or a test) can tell a re-delivery from a second message.
      messageId: `<${message.id}@outbox.${from.address.split("@")[1] ?? "localhost"}>`,
      // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button and POST to the link.
      ...(unsubscribe ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
      attachments: message.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content, "base64"),
      })),
    });
    return { status: "sent" };
  } catch (error) {
    const description = error instanceof Error ? error.message : String(error);
    return isPermanentRejection(error)
      ? { status: "failed", error: description, recipientRejected: isRecipientRejection(error) }
      : { status: "retrying", error: description };
  }
}

/** Records the outcome, unless the claim was lost (this worker stalled past its lease): then the new holder records its own. */
async function recordOutcome(database: Database, message: EmailOutboxMessage, outcome: DeliveryOutcome): Promise<boolean> {
  const now = new Date();
  const ours = and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "sending"), message.claimedAt ? eq(emailOutbox.claimedAt, message.claimedAt) : undefined);
  return database.transaction(async (tx) => {
    let updated: { id: string }[];
    if (outcome.status === "retrying") {
      updated = await tx
        .update(emailOutbox)
        .set({
          status: "pending",
          claimedAt: null,
          leaseUntil: null,
          lastError: outcome.error,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        })
        .where(ours)
        .returning({ id: emailOutbox.id });
    } else {
      const delivered = outcome.status === "sent" || outcome.status === "stored";
      updated = await tx
        .update(emailOutbox)
        .set({
          status: outcome.status,
          // Delivered, stored or given up: its one-time links are not kept (sealed-links.ts).
          sealed: null,
          claimedAt: null,
          leaseUntil: null,
          lastError: outcome.status === "failed" ? outcome.error : null,
          sentAt: delivered ? now : null,
        })
        .where(ours)
        .returning({ id: emailOutbox.id });
    }
    if (updated.length === 0) return false;
    // A mailbox its server refuses for good gets no more marketing mail, decided with the failure itself.
    if (outcome.status === "failed" && outcome.recipientRejected) {
      await suppressEmail(tx, { email: message.toEmail, reason: "bounced", detail: outcome.error });
    }
    await recordDeliveryAttempt(tx, message, outcome, now);
    return true;
  });
}
