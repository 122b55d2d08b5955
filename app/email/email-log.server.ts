import { and, asc, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { decodeRowCursor, encodeKeysetCursor } from "~/lists/list-view";
import { canSendAgain, messageStatus, type EmailLogView, type MessageStatus } from "./email-log-view";
import { enqueueEmail } from "./outbox.server";
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
};

function statusCondition(status: MessageStatus): SQL {
  switch (status) {
    case "queued":
      return and(eq(emailOutbox.status, "pending"), eq(emailOutbox.attempts, 0)) as SQL;
    case "retrying":
      return and(eq(emailOutbox.status, "pending"), sql`${emailOutbox.attempts} > 0`) as SQL;
    default:
      return eq(emailOutbox.status, status);
  }
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function viewCondition(view: EmailLogView): SQL | undefined {
  return and(
    view.type ? eq(emailOutbox.emailType, view.type) : undefined,
    view.status ? statusCondition(view.status) : undefined,
    view.recipient ? ilike(emailOutbox.toEmail, likePattern(view.recipient)) : undefined,
  );
}

/** One page of messages, newest first (keyset on created_at, id), with the list's filters. */
export async function listEmailMessages(query: { view: EmailLogView; after?: string | null; before?: string | null; pageSize?: number }) {
  const pageSize = query.pageSize ?? EMAIL_LOG_PAGE_SIZE;
  const after = decodeRowCursor(query.after, true);
  const before = after ? null : decodeRowCursor(query.before, true);
  const boundary = after ?? before;
  const readDirection = before ? "asc" : "desc";
  const boundaryCondition = boundary
    ? readDirection === "desc"
      ? sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) < (${boundary.value}::timestamptz, ${boundary.id}::uuid)`
      : sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) > (${boundary.value}::timestamptz, ${boundary.id}::uuid)`
    : undefined;
  const order = readDirection === "desc" ? desc : asc;
  const rows = await db()
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
    })
    .from(emailOutbox)
    .where(and(viewCondition(query.view), boundaryCondition))
    .orderBy(order(emailOutbox.createdAt), order(emailOutbox.id))
    .limit(pageSize + 1);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (before) page.reverse();
  const messages: EmailLogRow[] = page.map((row) => ({ ...row, status: messageStatus(row), test: Boolean(row.test) }));
  const cursorOf = (row: EmailLogRow) => encodeKeysetCursor({ value: row.createdAt.toISOString(), id: row.id });
  const first = messages[0];
  const last = messages[messages.length - 1];
  const hasPrevious = before ? hasMore : Boolean(after);
  const hasNext = before ? true : hasMore;
  return {
    messages,
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  };
}

/** The types the filter offers: every type a message in the log has. */
export async function emailTypesInLog(): Promise<string[]> {
  const rows = await db().selectDistinct({ type: emailOutbox.emailType }).from(emailOutbox).orderBy(asc(emailOutbox.emailType));
  return rows.map((row) => row.type);
}

export type EmailMessageDetail = {
  message: EmailOutboxMessage;
  status: MessageStatus;
  attempts: EmailLog[];
  /** The copy 'Send again' made of this message, and the message this one copies. */
  sentAgainAs: { id: string; status: MessageStatus } | null;
  copyOf: string | null;
};

export async function findEmailMessage(messageId: string): Promise<EmailMessageDetail | undefined> {
  const [message] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, messageId));
  if (!message) return undefined;
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
export async function sendMessageAgain(messageId: string, admin: { id: string; email: string }): Promise<EmailOutboxMessage> {
  return db().transaction(async (tx) => {
    const [message] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, messageId)).for("update");
    if (!message) throw notFound("Message not found");
    const status = messageStatus(message);
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
      actorUserId: admin.id,
    });
    if (!copy) throw new Refusal("This message was already sent again; open the copy to follow it.", { status: 409, title: "Failed to send again" });
    await recordAuditEntry(tx, { userId: admin.id, email: admin.email, sessionId: null, ipAddress: null }, {
      action: "email.send_again",
      entityType: "email_outbox",
      entityId: copy.id,
      summary: `Sent “${message.subject}” to ${message.toEmail} again`,
      details: { copyOf: message.id },
    });
    return copy;
  });
}
