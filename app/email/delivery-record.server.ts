import type { DatabaseExecutor } from "~/db/connection.server";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import { emailLogs, type EmailOutboxMessage } from "./schema";

/** What became of one attempt to deliver an outbox message. */
export type DeliveryOutcome =
  | { status: "sent" | "stored" }
  | { status: "suppressed"; note: string }
  | { status: "retrying"; error: string }
  | { status: "failed"; error: string; recipientRejected: boolean };

/**
 * Writes one attempt to the e-mail log and, for mail tied to a lead, its timeline; called inside
 * the transaction that sets the outbox row's status (by the worker, or by the outbox when a
 * marketing message is held back at once).
 */
export async function recordDeliveryAttempt(tx: DatabaseExecutor, message: EmailOutboxMessage, outcome: DeliveryOutcome, at: Date): Promise<void> {
  const error = outcome.status === "retrying" || outcome.status === "failed" ? outcome.error : outcome.status === "suppressed" ? outcome.note : null;
  await tx.insert(emailLogs).values({
    outboxId: message.id,
    sentAt: at,
    recipientEmail: message.toEmail,
    recipientName: message.toName,
    subject: message.subject,
    emailType: message.emailType,
    status: outcome.status,
    error,
    metadata: message.metadata,
    leadId: message.leadId,
  });
  // A retry is not news on the lead's timeline; the final outcome is.
  if (!message.leadId || outcome.status === "retrying") return;
  const about = { outboxId: message.id, emailType: message.emailType, subject: message.subject, to: message.toEmail };
  if (outcome.status === "failed") {
    await recordLeadEvent(tx, { leadId: message.leadId, event: "email_failed", data: { ...about, error: outcome.error } });
  } else if (outcome.status === "suppressed") {
    await recordLeadEvent(tx, { leadId: message.leadId, event: "email_suppressed", data: { ...about, note: outcome.note } });
  } else {
    await recordLeadEvent(tx, { leadId: message.leadId, event: "email_sent", data: { ...about, stored: outcome.status === "stored" } });
  }
}
