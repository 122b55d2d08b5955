import type { DatabaseExecutor } from "~/db/connection.server";
import type { DomainEvents } from "~/events/domain-events";
import { recordLeadEvent, recordLeadEventForEmail } from "./lead-timeline.server";

// A lead's mail on its timeline, as this domain hears it from the e-mail domain (decision 048):
// queued, then sent, held back or failed; what happens to an address happens to every lead with it.

export async function recordQueuedEmail(tx: DatabaseExecutor, { message, actorUserId }: DomainEvents["email.queued"]): Promise<void> {
  if (!message.leadId) return;
  const data = { outboxId: message.outboxId, emailType: message.emailType, subject: message.subject, to: message.to };
  await recordLeadEvent(tx, { leadId: message.leadId, event: "email_queued", data, actorUserId });
}

export async function recordEmailEnding(tx: DatabaseExecutor, { message, ending }: DomainEvents["email.ended"]): Promise<void> {
  if (!message.leadId) return;
  const about = { outboxId: message.outboxId, emailType: message.emailType, subject: message.subject, to: message.to };
  if (ending.status === "failed") {
    await recordLeadEvent(tx, { leadId: message.leadId, event: "email_failed", data: { ...about, error: ending.error } });
  } else if (ending.status === "suppressed") {
    await recordLeadEvent(tx, { leadId: message.leadId, event: "email_suppressed", data: { ...about, note: ending.note } });
  } else {
    await recordLeadEvent(tx, { leadId: message.leadId, event: "email_sent", data: { ...about, stored: ending.status === "stored" } });
  }
}

export async function recordUnsubscribe(tx: DatabaseExecutor, { email, via, subject, actorUserId }: DomainEvents["email.address-unsubscribed"]): Promise<void> {
  const data = via === "link" ? { via, email, subject } : { via, email };
  await recordLeadEventForEmail(tx, email, { event: "unsubscribed", data, actorUserId });
}

export async function recordResubscribe(tx: DatabaseExecutor, { email, via, actorUserId }: DomainEvents["email.address-resubscribed"]): Promise<void> {
  await recordLeadEventForEmail(tx, email, { event: "resubscribed", data: { via, email }, actorUserId });
}
