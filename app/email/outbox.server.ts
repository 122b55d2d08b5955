import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { recordDeliveryAttempt } from "./delivery-record.server";
import { emailOutbox, emailTemplates, type EmailCategory, type EmailOutboxMessage, type EmailTemplateKey, type OutboxAttachment } from "./schema";
import { findSuppression } from "./suppression.server";
import { suppressedMessageNote } from "./suppression-options";
import { hasUnsubscribePlaceholder, withUnsubscribeLink } from "./unsubscribe-footer";
import { unsubscribeUrl } from "./unsubscribe-token.server";
import { getOrganizationSettings } from "~/organization/settings.server";
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

/**
 * Returns the queued row, or null when `dedupeKey` was already queued. Marketing mail gets its
 * unsubscribe link (the template's `{{UnsubscribeLink}}`, else a footer); marketing mail to a
 * suppressed address is written as 'suppressed' (never sent, shown in the log). This is the one
 * place that decides; the worker checks again at send time for addresses suppressed meanwhile.
 */
export async function enqueueEmail(tx: DatabaseExecutor, email: OutgoingEmail): Promise<EmailOutboxMessage | null> {
  const category = email.category ?? "transactional";
  // The id is chosen here so that the message's own unsubscribe link can name it.
  const id = randomUUID();
  const marketing = category === "marketing";
  const footerText = marketing ? ((await getOrganizationSettings(tx)).unsubscribeFooterText || undefined) : undefined;
  const body =
    marketing || hasUnsubscribePlaceholder(email)
      ? withUnsubscribeLink(email, await unsubscribeUrl(tx, { email: email.to, outboxId: id }), { footer: marketing, footerText })
      : { html: email.html, text: email.text };
  const suppression = marketing ? await findSuppression(tx, email.to) : undefined;
  const rows = await tx
    .insert(emailOutbox)
    .values({
      id,
      toEmail: email.to,
      toName: email.toName ?? null,
      subject: email.subject,
      html: body.html,
      text: body.text,
      emailType: email.emailType,
      category,
      leadId: email.leadId ?? null,
      bookingId: email.bookingId ?? null,
      attachments: email.attachments ?? [],
      metadata: email.metadata ?? {},
      dedupeKey: email.dedupeKey ?? null,
      ...(suppression ? { status: "suppressed" as const } : {}),
      ...(email.sendAfter ? { nextAttemptAt: email.sendAfter } : {}),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning();
  const queued = rows[0] ?? null;
  if (queued && suppression) {
    await recordDeliveryAttempt(tx, queued, { status: "suppressed", note: suppressedMessageNote(suppression.reason) }, queued.createdAt);
    return queued;
  }
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
  /** A client's mail ends with the client portal's address while the portal is on (settings' `clientPortalLink`). */
  portalLink?: string | null;
  /** An invoice's mail carries a 'Pay now' button to this page while card payments are on. */
  payNowLink?: string | null;
};

/** Renders the admin-editable template `templateKey` (values HTML-escaped) and enqueues it. */
export async function enqueueTemplatedEmail(
  tx: DatabaseExecutor,
  { templateKey, variables, portalLink, payNowLink, ...email }: TemplatedEmail,
): Promise<EmailOutboxMessage | null> {
  const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.key, templateKey)).limit(1);
  if (!template) throw new MissingEmailTemplateError(templateKey);
  const settings = await getOrganizationSettings(tx);
  const rendered = renderEmailTemplate(template, variables, organizationFooter(settings.companyName, settings.address), { portalLink, payNowLink });
  return enqueueEmail(tx, { ...email, ...rendered });
}
