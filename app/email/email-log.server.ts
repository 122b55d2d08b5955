import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { keysetPage, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import { canSendAgain, messageStatus, type EmailLogView, type MessageStatus } from "./email-log-view";
import { enqueueEmail } from "./outbox.server";
import { carriesWithheldLink } from "./sealed-links";
import { emailLogs, emailOutbox, type EmailLog, type EmailOutboxMessage } from "./schema";

export const EMAIL_LOG_PAGE_SIZE = 50;

export type EmailLogRow = {
  id: string;
  createdAt: Date;
  sentAt: Date | null;
  toEmail: string;
  toName: string | null;
  subject: string;
  emailType: string;
  category: EmailOutboxMessage["category"];
  status: MessageStatus;
  attempts: number;
  test: boolean;
  /** The promo code the message carried (its metadata), shown in the log. */
  promoCode: string | null;
};

function statusCondition(status: MessageStatus): SQL | undefined {
  switch (status) {
    case "queued":
      return and(eq(emailOutbox.status, "pending"), eq(emailOutbox.attempts, 0));
    case "retrying":
      return and(eq(emailOutbox.status, "pending"), sql`${emailOutbox.attempts} > 0`);
    default:
      return eq(emailOutbox.status, status);
  }
}

function viewCondition(view: EmailLogView): SQL | undefined {
  return and(
    searchCondition(view.q, [emailOutbox.toEmail]),
    view.type ? eq(emailOutbox.emailType, view.type) : undefined,
    view.status ? statusCondition(view.status) : undefined,
  );
}

/** One page of messages, newest first (keyset on created_at, id), with the list's filters. */
export async function listEmailMessages(query: PageQuery & { view: EmailLogView }) {
  const page = await keysetPage(
    pageRequest(query, EMAIL_LOG_PAGE_SIZE),
    { by: emailOutbox.createdAt, tieBreaker: emailOutbox.id, direction: "desc", valueKind: "time" },
    ({ beyond, orderBy, limit }) =>
      db()
        .select({
          id: emailOutbox.id,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
          toEmail: emailOutbox.toEmail,
          toName: emailOutbox.toName,
          subject: emailOutbox.subject,
          emailType: emailOutbox.emailType,
          category: emailOutbox.category,
          status: emailOutbox.status,
          attempts: emailOutbox.attempts,
          test: sql<boolean>`coalesce((${emailOutbox.metadata}->>'test')::boolean, false)`,
          promoCode: sql<string | null>`${emailOutbox.metadata}->>'promoCode'`,
        })
        .from(emailOutbox)
        .where(and(viewCondition(query.view), beyond))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.createdAt.toISOString(), id: row.id }),
  );
  const messages: EmailLogRow[] = page.rows.map((row) => ({ ...row, status: messageStatus(row), test: Boolean(row.test) }));
  return { messages, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/** The types the filter offers: every type a message in the log has. */
export async function emailTypesInLog(): Promise<string[]> {
  const rows = await db().selectDistinct({ type: emailOutbox.emailType }).from(emailOutbox).orderBy(asc(emailOutbox.emailType));
  return rows.map((row) => row.type);
}

export type EmailMessageDetail = {
  /** As the log shows it: its one-time links masked, and the links themselves not read. */
  message: Omit<EmailOutboxMessage, "sealed">;
  status: MessageStatus;
  attempts: EmailLog[];
  /** The copy 'Send again' made of this message, and the message this one copies. */
  sentAgainAs: { id: string; status: MessageStatus } | null;
  copyOf: string | null;
};

export async function findEmailMessage(messageId: string): Promise<EmailMessageDetail | undefined> {
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, messageId));
  if (!row) return undefined;
  const { sealed: _withheld, ...message } = row;
  const [attempts, copies] = await Promise.all([
    db().select().from(emailLogs).where(eq(emailLogs.outboxId, messageId)).orderBy(asc(emailLogs.sentAt), asc(emailLogs.id)),
    db()
      .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, sendAgainKey(messageId))),
  ]);
  const copy = copies[0];
  const copyOf = typeof message.metadata.sentAgainFrom === "string" ? message.metadata.sentAgainFrom : null;
  return { message, status: messageStatus(message), attempts, sentAgainAs: copy ? { id: copy.id, status: messageStatus(copy) } : null, copyOf };
}

function sendAgainKey(messageId: string): string {
  return `send-again:${messageId}`;
}

/**
 * 'Send again' for a failed or stored message: a NEW outbox message, a copy of the old one, so
 * the log keeps what happened to each (the old one stays failed or stored with its attempts).
 * The copy's dedupe key makes a double click, or two admins at once, queue one copy only.
 */
export async function sendMessageAgain(actor: Actor, messageId: string): Promise<EmailOutboxMessage> {
  return db().transaction(async (tx) => {
    const [message] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, messageId)).for("update");
    if (!message) throw notFound("Message not found");
    const status = messageStatus(message);
    if (carriesWithheldLink(message)) {
      throw new Refusal("This message carried a one-time link, which is not kept once a message is delivered or given up. Send a new one instead: 'Send portal link' on the client's page, or invite the admin again.", {
        status: 409,
        title: "Failed to send again",
      });
    }
    if (!canSendAgain(status)) {
      throw new Refusal(
        status === "sent"
          ? "This message was sent already; sending it again would deliver it twice."
          : status === "suppressed"
            ? "This address is on the suppression list; remove it there first."
            : "This message has not finished its delivery yet; only a failed or stored message can be sent again.",
        { status: 409, title: "Failed to send again" },
      );
    }
    const copy = await enqueueEmail(tx, {
      to: message.toEmail,
      toName: message.toName,
      subject: message.subject,
      html: message.html,
      text: message.text,
      emailType: message.emailType,
      category: message.category,
      leadId: message.leadId,
      bookingId: message.bookingId,
      attachments: message.attachments,
      metadata: { ...message.metadata, sentAgainFrom: message.id },
      dedupeKey: sendAgainKey(message.id),
      actorUserId: actor.userId,
    });
    if (!copy) throw new Refusal("This message was already sent again; open the copy to follow it.", { status: 409, title: "Failed to send again" });
    await recordAuditEntry(tx, actor, {
      action: "email.send_again",
      entityType: "email_outbox",
      entityId: copy.id,
      summary: `Sent a ${status} message again as a new one`,
      details: { copyOf: message.id, emailType: message.emailType },
    });
    return copy;
  });
}

/**
 * Copies of the mail sent to one address (the client portal's "e-mails we sent you"): delivered or
 * stored messages, not test sends, not the types named in `except` (the sign-in links themselves).
 */
function sentTo(address: string, except: readonly string[]): SQL | undefined {
  return and(
    sql`lower(${emailOutbox.toEmail}) = ${address.toLowerCase()}`,
    sql`${emailOutbox.status} in ('sent', 'stored')`,
    sql`coalesce((${emailOutbox.metadata}->>'test')::boolean, false) = false`,
    except.length > 0 ? sql`${emailOutbox.emailType} not in (${sql.join(except.map((type) => sql`${type}`), sql`, `)})` : undefined,
  );
}

export type SentMessageRow = { id: string; subject: string; sentAt: Date };

/** The newest messages sent to an address, newest first. */
export async function listMessagesSentTo(address: string, options: { except?: readonly string[]; limit?: number } = {}): Promise<SentMessageRow[]> {
  const rows = await db()
    .select({ id: emailOutbox.id, subject: emailOutbox.subject, sentAt: emailOutbox.sentAt, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(sentTo(address, options.except ?? []))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({ id: row.id, subject: row.subject, sentAt: row.sentAt ?? row.createdAt }));
}

/** One message sent to the address, as it went out; undefined when it was not sent to them. */
export async function findMessageSentTo(
  address: string,
  messageId: string,
  options: { except?: readonly string[] } = {},
): Promise<(SentMessageRow & { html: string; text: string }) | undefined> {
  const [row] = await db()
    .select({ id: emailOutbox.id, subject: emailOutbox.subject, sentAt: emailOutbox.sentAt, createdAt: emailOutbox.createdAt, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, messageId), sentTo(address, options.except ?? [])));
  return row ? { id: row.id, subject: row.subject, sentAt: row.sentAt ?? row.createdAt, html: row.html, text: row.text } : undefined;
}
