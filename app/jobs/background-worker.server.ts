import { runCadenceSteps } from "~/cadences/cadence-runner.server";
import { CAMPAIGN_SEND_EVERY_MS, runCampaignSends } from "~/campaigns/campaign-sends.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { sweepExpiredPromos } from "~/leads/promo.server";
import { deleteExpiredRateLimitCounters } from "~/request-safety/rate-limit.server";
import { runBookingUpkeep } from "~/consultations/booking-upkeep.server";
import { runInvoiceUpkeep } from "~/invoices/invoice-reminders.server";

/**
 * The work the app process does besides answering requests. Each job runs, then waits
 * `everyMs`, then runs again; a failing run is logged and retried on the next turn.
 * Every job must be safe with several app processes running it at once (claim rows with
 * FOR UPDATE SKIP LOCKED, or enqueue with a dedupe key; the outbox's claim is a lease its sender
 * renews, decision 027).
 */
export type RecurringJob = { name: string; everyMs: number; run: () => Promise<unknown> };

export const RECURRING_JOBS: RecurringJob[] = [
  { name: "deliver e-mail", everyMs: 1_000, run: () => deliverDueEmails() },
  { name: "expire promo codes", everyMs: 60_000, run: () => sweepExpiredPromos() },
  { name: "delete expired rate-limit counters", everyMs: 10 * 60_000, run: () => deleteExpiredRateLimitCounters() },
  { name: "booking reminders", everyMs: 60_000, run: () => runBookingUpkeep() },
  { name: "invoice overdue marks and reminders", everyMs: 60_000, run: () => runInvoiceUpkeep() },
  { name: "cadence steps", everyMs: 15_000, run: () => runCadenceSteps() },
  { name: "campaign e-mail sends", everyMs: CAMPAIGN_SEND_EVERY_MS, run: () => runCampaignSends() },
];

export type BackgroundWorker = { stop(): Promise<void> };

export function startBackgroundWorker(jobs: RecurringJob[] = RECURRING_JOBS): BackgroundWorker {
  let stopping = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  function schedule(job: RecurringJob, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopping) return;
      const turn = job
        .run()
        .then(() => undefined)
        .catch((error: unknown) => {
          if (!stopping) console.error(`Background job "${job.name}" failed:`, error);
        })
        .finally(() => {
          running.delete(turn);
          if (!stopping) schedule(job, job.everyMs);
        });
      running.add(turn);
    }, delayMs);
    timers.add(timer);
  }

  for (const job of jobs) schedule(job, 0);
  return {
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
