import { eq, inArray, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { db, queryRows, type Database } from "~/db/connection.server";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import type { OrganizationSettings } from "~/settings/schema";
import { getOrganizationSettings } from "~/settings/settings.server";
import { isPermanentRejection, retryDelayMs } from "./retry-schedule";
import { emailLogs, emailOutbox, type EmailOutboxMessage } from "./schema";

/** A 'sending' row older than this belongs to a worker that died mid-send; it is claimed again. */
const STALE_CLAIM_MS = 5 * 60_000;

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

/** Claims due messages so that no other worker (process) sends them too. */
async function claimDueMessages(database: Database, now: Date, limit: number): Promise<EmailOutboxMessage[]> {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const claimed = await queryRows<OutboxRow>(
    database,
    sql`update ${emailOutbox}
        set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
        where id in (
          select id from ${emailOutbox}
          where (status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz)
             or (status = 'sending' and claimed_at < ${staleBefore.toISOString()}::timestamptz)
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

export type DeliveryOptions = {
  database?: Database;
  /** null: no SMTP configured, messages are stored. Default: the transport of `SMTP_URL`. */
  transport?: Transporter | null;
  now?: Date;
  batchSize?: number;
};

export type DeliveryReport = { sent: number; stored: number; retrying: number; failed: number };

/** Sends every due message once; the background worker calls this every second. */
export async function deliverDueEmails(options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const database = options.database ?? db();
  const transport = options.transport === undefined ? mailTransport() : options.transport;
  const now = options.now ?? new Date();
  const report: DeliveryReport = { sent: 0, stored: 0, retrying: 0, failed: 0 };
  const messages = await claimDueMessages(database, now, options.batchSize ?? 20);
  if (messages.length === 0) return report;

  const settings = await getOrganizationSettings();
  const from = senderOf(settings);
  for (const message of messages) {
    const outcome = transport
      ? await send(transport, message, from, settings.replyToEmail)
      : ({ status: "stored" } as const);
    await recordOutcome(database, message, outcome);
    report[outcome.status] += 1;
  }
  return report;
}

type Outcome =
  | { status: "sent" | "stored" }
  | { status: "retrying"; error: string }
  | { status: "failed"; error: string };

async function send(
  transport: Transporter,
  message: EmailOutboxMessage,
  from: { name: string; address: string },
  replyTo: string | null,
): Promise<Outcome> {
  try {
    await transport.sendMail({
      from,
      to: message.toName ? { name: message.toName, address: message.toEmail } : message.toEmail,
      replyTo: replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // The outbox id: a receiver (or a test) can tell a re-delivery from a second message.
      messageId: `<${message.id}@outbox.${from.address.split("@")[1] ?? "localhost"}>`,
      attachments: message.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content, "base64"),
      })),
    });
    return { status: "sent" };
  } catch (error) {
    const description = error instanceof Error ? error.message : String(error);
    return isPermanentRejection(error) ? { status: "failed", error: description } : { status: "retrying", error: description };
  }
}

async function recordOutcome(database: Database, message: EmailOutboxMessage, outcome: Outcome): Promise<void> {
  const now = new Date();
  await database.transaction(async (tx) => {
    if (outcome.status === "retrying") {
      await tx
        .update(emailOutbox)
        .set({
          status: "pending",
          claimedAt: null,
          lastError: outcome.error,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        })
        .where(eq(emailOutbox.id, message.id));
    } else {
      await tx
        .update(emailOutbox)
        .set({
          status: outcome.status,
          claimedAt: null,
          lastError: outcome.status === "failed" ? outcome.error : null,
          sentAt: outcome.status === "failed" ? null : now,
        })
        .where(eq(emailOutbox.id, message.id));
    }
    await tx.insert(emailLogs).values({
      outboxId: message.id,
      sentAt: now,
      recipientEmail: message.toEmail,
      recipientName: message.toName,
      subject: message.subject,
      emailType: message.emailType,
      status: outcome.status,
      error: outcome.status === "retrying" || outcome.status === "failed" ? outcome.error : null,
      metadata: message.metadata,
      leadId: message.leadId,
    });
    // A retry is not news on the lead's timeline; the final outcome is.
    if (message.leadId && outcome.status !== "retrying") {
      await recordLeadEvent(tx, {
        leadId: message.leadId,
        event: outcome.status === "failed" ? "email_failed" : "email_sent",
        data: {
          outboxId: message.id,
          emailType: message.emailType,
          subject: message.subject,
          to: message.toEmail,
          ...(outcome.status === "failed" ? { error: outcome.error } : { stored: outcome.status === "stored" }),
        },
      });
    }
  });
}
