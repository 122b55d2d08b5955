import { and, eq, inArray, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { db, queryRows, type Database } from "~/db/connection.server";
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
 */
export const LEASE_MS = 30_000;
export const LEASE_RENEW_EVERY_MS = 10_000;

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

/** Claims due messages, and those whose lease ran out, so that no other worker (process) sends them too. */
async function claimDueMessages(database: Database, now: Date, limit: number, leaseMs: number): Promise<EmailOutboxMessage[]> {
  // `now` has milliseconds, next_attempt_at microseconds: a message queued in this very millisecond is due too.
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  const claimed = await queryRows<OutboxRow>(
    database,
    sql`update ${emailOutbox}
        set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz,
            lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, attempts = attempts + 1
        where id in (
          select id from ${emailOutbox}
          where (status = 'pending' and next_attempt_at < ${dueBefore}::timestamptz)
             or (status = 'sending' and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz))
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => row.id);
  const rows = await database
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids));
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/**
 * Extends the lease of messages this worker still holds: the claim is recognised by its claimed_at,
 * so a message another worker took over (this one stalled past its lease) is left to that one.
 */
export async function renewLeases(database: Database, ids: string[], claimedAt: Date, now = new Date(), leaseMs = LEASE_MS): Promise<number> {
  if (ids.length === 0) return 0;
  const renewed = await database
    .update(emailOutbox)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedAt, claimedAt)))
    .returning({ id: emailOutbox.id });
  return renewed.length;
}

/** Renews the batch's leases every `everyMs` until stopped; a failed renewal is tried again on the next tick. */
function keepLeases(database: Database, held: Set<string>, claimedAt: Date, leaseMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    renewLeases(database, [...held], claimedAt, new Date(), leaseMs).catch((error: unknown) => {
      console.warn("The e-mail outbox could not renew its leases:", error);
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
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
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const messages = await claimDueMessages(database, now, options.batchSize ?? 20, leaseMs);
  if (messages.length === 0) return report;
  report.claimed = messages.length;

  const held = new Set(messages.map((message) => message.id));
  const stopRenewing = keepLeases(database, held, now, leaseMs, options.renewEveryMs ?? LEASE_RENEW_EVERY_MS);
  try {
    const settings = await getOrganizationSettings();
    const from = senderOf(settings);
    for (const [index, message] of messages.entries()) {
      // One message at a time: what it costs is all a request arriving meanwhile can wait behind.
      if (index > 0) await options.pace?.();
      if (options.stopping?.aborted) {
        await releaseClaims(database, messages.slice(index));
        break;
      }
      const outcome = await deliver(database, transport, message, from, settings.replyToEmail);
      held.delete(message.id);
      if (await recordOutcome(database, message, outcome)) report[outcome.status] += 1;
    }
  } finally {
    stopRenewing();
  }
  return report;
}

/**
 * Gives claimed messages back, as if never claimed (their attempt not counted): the next run of
 * any process sends them now instead of once their lease has run out. Only while the claim is
 * still this sender's (the same `claimed_at`).
 */
async function releaseClaims(database: Database, messages: EmailOutboxMessage[]): Promise<void> {
  const claimedAt = messages[0]?.claimedAt;
  if (!claimedAt) return;
  const ids = messages.map((message) => message.id);
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
