import { randomUUID } from "node:crypto";
import { eq, getTableName, inArray, isNotNull } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { publish } from "~/events/domain-events";
import { recordDeliveryAttempt } from "./delivery-record.server";
import { emailLogs, emailOutbox, emailTemplates, type EmailCategory, type EmailOutboxMessage, type EmailTemplateKey, type OutboxAttachment } from "./schema";
import { sealLinks, type SealedLinks } from "./sealed-links";
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
  /** One-time links the text holds as masks, put in only as it is sent (sealed-links.ts). */
  sealed?: SealedLinks | null;
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
      sealed: email.sealed ?? null,
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
  // Mail tied to a lead shows on its timeline (the leads domain records it): queued here, then sent or failed by the delivery worker.
  if (queued) {
    const message = { outboxId: queued.id, leadId: queued.leadId, emailType: queued.emailType, subject: queued.subject, to: queued.toEmail };
    await publish(tx, "email.queued", { message, actorUserId: email.actorUserId ?? null });
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
  /** The variables that hold a one-time link: kept masked, put in only as the message is sent (issue 41). */
  sealedLinks?: readonly string[];
  /** An invoice's mail carries a 'Pay now' button to this page while card payments are on. */
  payNowLink?: string | null;
};

/** Renders the admin-editable template `templateKey` (values HTML-escaped) and enqueues it. */
export async function enqueueTemplatedEmail(
  tx: DatabaseExecutor,
  { templateKey, variables, portalLink, payNowLink, sealedLinks = [], ...email }: TemplatedEmail,
): Promise<EmailOutboxMessage | null> {
  const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.key, templateKey)).limit(1);
  if (!template) throw new MissingEmailTemplateError(templateKey);
  const settings = await getOrganizationSettings(tx);
  const { shown, sealed } = sealLinks(variables, sealedLinks);
  const rendered = renderEmailTemplate(template, shown, organizationFooter(settings.companyName, settings.address), { portalLink, payNowLink });
  return enqueueEmail(tx, { ...email, ...rendered, sealed });
}

/**
 * What a copy of the database (a backup) must not hold (issue 41): the one-time links of messages
 * still waiting, kept beside their masked text (sealed-links.ts). Answers the table it changed,
 * for reclaiming its old bytes.
 */
export async function leaveOutSealedLinks(executor: DatabaseExecutor): Promise<string[]> {
  await executor.update(emailOutbox).set({ sealed: null }).where(isNotNull(emailOutbox.sealed));
  return [getTableName(emailOutbox)];
}

/**
 * "leads.deleting": the messages and log entries about these leads forget them (no foreign key
 * does it, decision 048); what was sent stays on record.
 */
export async function forgetLeadsInMail(tx: DatabaseExecutor, leadIds: string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx.update(emailOutbox).set({ leadId: null }).where(inArray(emailOutbox.leadId, leadIds));
  await tx.update(emailLogs).set({ leadId: null }).where(inArray(emailLogs.leadId, leadIds));
}
