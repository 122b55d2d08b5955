import type { DatabaseExecutor } from "~/db/connection.server";
import { publish } from "~/events/domain-events";
import { emailLogs, type EmailOutboxMessage } from "./schema";

/** What became of one attempt to deliver an outbox message. */
export type DeliveryOutcome =
  | { status: "sent" | "stored" }
  | { status: "suppressed"; note: string }
  | { status: "retrying"; error: string }
  | { status: "failed"; error: string; recipientRejected: boolean };

/**
 * Writes one attempt to the e-mail log and publishes a final outcome ("email.ended"); called inside
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
  // A retry is not news; the final outcome is (a lead's timeline shows it).
  if (outcome.status === "retrying") return;
  const about = { outboxId: message.id, leadId: message.leadId, emailType: message.emailType, subject: message.subject, to: message.toEmail };
  const ending =
    outcome.status === "failed"
      ? { status: "failed" as const, error: outcome.error }
      : outcome.status === "suppressed"
        ? { status: "suppressed" as const, note: outcome.note }
        : { status: outcome.status };
  await publish(tx, "email.ended", { message: about, ending });
}
