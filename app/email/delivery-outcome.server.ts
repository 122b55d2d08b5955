import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/connection.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { logger } from "~/logging/logger.server";
import { recordDeliveryAttempt, type DeliveryOutcome } from "./delivery-record.server";
import { databaseRetryDelayMs, noteIfUnreachable } from "./outbox-claims.server";
import { retryDelayMs } from "./retry-schedule";
import { emailOutbox, type EmailOutboxMessage } from "./schema";
import { suppressEmail } from "./suppression.server";

// What became of a message, written once its sender knows it, and kept until the database takes
// it, however long it is away (decision 045).

/**
 * An outcome known is an outcome kept: once the SMTP server has accepted a message (or refused
 * it), what became of it is written, however long the database is away. Each failed try for want
 * of the database waits a little (at most a second) and tries again; the lease stays renewed
 * meanwhile (holdClaims), and other processes take over no lapsed claim for a while after an
 * outage (TAKEOVER_GRACE_MS). Only a process that dies before the write lands leaves the message
 * to be sent again, with the same Message-ID. A process asked to stop gives up once its lease has
 * run out: past that, the message may be taken over whatever it does. Any other error is thrown.
 */
export async function recordOutcomeUntilItLands(
  database: Database,
  message: EmailOutboxMessage,
  outcome: DeliveryOutcome,
  { leaseMs, stopping }: { leaseMs: number; stopping?: AbortSignal },
): Promise<boolean> {
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const recorded = await recordOutcome(database, message, outcome);
      if (attempt > 0) logger.info({ outbox_id: message.id, status: outcome.status, attempts: attempt + 1 }, "e-mail outcome written once the database answered again");
      return recorded;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      noteIfUnreachable(database, error);
      if (attempt === 0) logger.warn({ outbox_id: message.id, status: outcome.status, err: error }, "the database is unreachable: the e-mail's outcome is kept until it can be written");
      if (stopping?.aborted && performance.now() - started >= leaseMs) {
        logger.error({ outbox_id: message.id, status: outcome.status }, "stopping with an e-mail outcome unwritten: the message may be sent again");
        throw error;
      }
      await sleep(databaseRetryDelayMs(attempt));
    }
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
