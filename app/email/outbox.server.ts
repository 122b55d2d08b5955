import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { emailOutbox, emailTemplates, type EmailCategory, type EmailOutboxMessage, type EmailTemplateKey, type OutboxAttachment } from "./schema";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { organizationFooter, renderEmailTemplate, type TemplateVariables } from "./template-rendering";

/**
 * The one way to send an e-mail: write it to the outbox inside the caller's transaction,
 * so that the cause (a lead, a booking) and its mail are saved together or not at all.
 * The delivery worker sends it afterwards (see delivery.server.ts).
 */
export type OutgoingEmail = {
  to: string;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
  /** The spec's e-mail type shown in E-mail Logs, e.g. "promo_welcome", "booking_confirmation". */
  emailType: string;
  /** Default "transactional"; "marketing" mail is unsubscribable and skips suppressed addresses. */
  category?: EmailCategory;
  leadId?: string | null;
  bookingId?: string | null;
  attachments?: OutboxAttachment[];
  metadata?: Record<string, unknown>;
  /** Enqueue at most once per key (e.g. `reminder:{bookingId}`), whichever process gets there first. */
  dedupeKey?: string;
  /** Not before this instant (default: now). */
  sendAfter?: Date;
  /** The admin whose action sent it, for the lead's timeline; null for visitors and background work. */
  actorUserId?: string | null;
};

/** Returns the queued row, or null when `dedupeKey` was already queued. */
export async function enqueueEmail(tx: DatabaseExecutor, email: OutgoingEmail): Promise<EmailOutboxMessage | null> {
  const rows = await tx
    .insert(emailOutbox)
    .values({
      toEmail: email.to,
      toName: email.toName ?? null,
      subject: email.subject,
      html: email.html,
      text: email.text,
      emailType: email.emailType,
      category: email.category ?? "transactional",
      leadId: email.leadId ?? null,
      bookingId: email.bookingId ?? null,
      attachments: email.attachments ?? [],
      metadata: email.metadata ?? {},
      dedupeKey: email.dedupeKey ?? null,
      ...(email.sendAfter ? { nextAttemptAt: email.sendAfter } : {}),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning();
  const queued = rows[0] ?? null;
  // Mail tied to a lead shows on its timeline: queued here, then sent or failed by the delivery worker.
  if (queued?.leadId) {
    await recordLeadEvent(tx, {
      leadId: queued.leadId,
      event: "email_queued",
      data: { outboxId: queued.id, emailType: queued.emailType, subject: queued.subject, to: queued.toEmail },
      actorUserId: email.actorUserId ?? null,
    });
  }
  return queued;
}

export class MissingEmailTemplateError extends Error {
  constructor(key: EmailTemplateKey) {
    super(`The e-mail template "${key}" is missing; restart the app to re-seed it.`);
  }
}

export type TemplatedEmail = Omit<OutgoingEmail, "subject" | "html" | "text"> & {
  templateKey: EmailTemplateKey;
  variables: TemplateVariables;
};

/** Renders the admin-editable template `templateKey` (values HTML-escaped) and enqueues it. */
export async function enqueueTemplatedEmail(
  tx: DatabaseExecutor,
  { templateKey, variables, ...email }: TemplatedEmail,
): Promise<EmailOutboxMessage | null> {
  const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.key, templateKey)).limit(1);
  if (!template) throw new MissingEmailTemplateError(templateKey);
  const settings = await getOrganizationSettings(tx);
  const rendered = renderEmailTemplate(template, variables, organizationFooter(settings.companyName, settings.address));
  return enqueueEmail(tx, { ...email, ...rendered });
}
