import { config } from "~/config.server";
import { db, type Database } from "~/db/connection.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Transporter } from "nodemailer";
import { recordOutcomeUntilItLands } from "./delivery-outcome.server";
import { deliverMessage, mailTransport, senderOf } from "./message-sending.server";
import { claimDueMessages, claimedMessages, giveBackOnceItAnswers, holdClaims, mayTakeOver, noteIfUnreachable, releaseClaims } from "./outbox-claims.server";

// The outbox's delivery run: claim the due messages (outbox-claims.server.ts), send each
// (message-sending.server.ts), and keep what became of it (delivery-outcome.server.ts).

export type DeliveryOptions = {
  database?: Database;
  /** null: no SMTP configured, messages are stored. Default: the transport of `SMTP_URL`. */
  transport?: Transporter | null;
  now?: Date;
  batchSize?: number;
  /** How long a claim holds, and how often the sender renews it (tests shorten them). */
  leaseMs?: number;
  renewEveryMs?: number;
  /** Aborted when the process stops: the message being sent is finished, the rest of the batch released. */
  stopping?: AbortSignal;
  /** Awaited between two messages: the background worker's share of the event loop (it lets requests in, and may rest). */
  pace?: () => Promise<void>;
};

/** `claimed`: the messages this run took (a full batch means more may be due). */
export type DeliveryReport = { claimed: number; sent: number; stored: number; retrying: number; failed: number; suppressed: number };

/** Sends every due message once; the background worker calls this every second, and again at once after a full batch. */
export async function deliverDueEmails(options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const database = options.database ?? db();
  const transport = options.transport === undefined ? mailTransport() : options.transport;
  const now = options.now ?? new Date();
  const report: DeliveryReport = { claimed: 0, sent: 0, stored: 0, retrying: 0, failed: 0, suppressed: 0 };
  const leaseMs = options.leaseMs ?? config().outboxLeaseMs;
  let ids: string[];
  try {
    ids = await claimDueMessages(database, now, options.batchSize ?? 20, leaseMs, mayTakeOver(database));
  } catch (error) {
    noteIfUnreachable(database, error);
    throw error;
  }
  if (ids.length === 0) return report;
  report.claimed = ids.length;

  const claims = holdClaims(database, ids, now, leaseMs, options.renewEveryMs ?? leaseMs / 3);
  try {
    const messages = await claimedMessages(database, ids);
    // Nothing is sent until the database has answered this.
    const settings = await getOrganizationSettings();
    const from = senderOf(settings);
    for (const [index, message] of messages.entries()) {
      // One message at a time: what it costs is all a request arriving meanwhile can wait behind.
      if (index > 0) await options.pace?.();
      if (options.stopping?.aborted) {
        await releaseClaims(database, claims.remaining(), now);
        break;
      }
      if (!(await claims.stillOurs(message.id))) continue;
      const outcome = await deliverMessage(database, transport, message, from, settings.replyToEmail);
      if (await recordOutcomeUntilItLands(database, message, outcome, { leaseMs, stopping: options.stopping })) report[outcome.status] += 1;
      claims.done(message.id);
    }
  } catch (error) {
    noteIfUnreachable(database, error);
    // The database went away before the batch was sent: what is left goes back once it answers, not after the lease.
    if (isDatabaseUnreachable(error)) await giveBackOnceItAnswers(database, claims.remaining(), now, { leaseMs, stopping: options.stopping });
    throw error;
  } finally {
    claims.stop();
  }
  return report;
}
