import { runNightlyBackup } from "~/backups/backups.server";
import { runCadenceSteps } from "~/cadences/cadence-runner.server";
import { CAMPAIGN_SEND_EVERY_MS, runCampaignSends } from "~/campaigns/campaign-sends.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { sweepExpiredPromos } from "~/leads/promo.server";
import { deleteExpiredRateLimitCounters } from "~/request-safety/rate-limit.server";
import { runBookingUpkeep } from "~/consultations/booking-upkeep.server";
import { runInvoiceUpkeep } from "~/invoices/invoice-reminders.server";
import { logger } from "~/logging/logger.server";
import { deleteEndedPortalAccess } from "~/portal/portal-session.server";
import { clearLeftBehindScratch } from "~/forms/scratch-folder.server";

/**
 * The work the app process does besides answering requests. Each job runs, then waits
 * `everyMs`, then runs again; a failing run is logged and retried on the next turn.
 * Every job must be safe with several app processes running it at once (claim rows with
 * FOR UPDATE SKIP LOCKED, or enqueue with a dedupe key; the outbox's claim is a lease its sender
 * renews, decision 027).
 * `stopping` is aborted when the process stops: a job that works through a batch finishes the
 * item in hand and leaves the rest for the next run (of this or another process).
 */
export type RecurringJob = { name: string; everyMs: number; run: (stopping: AbortSignal) => Promise<unknown> };

export const RECURRING_JOBS: RecurringJob[] = [
  { name: "deliver e-mail", everyMs: 1_000, run: (stopping) => deliverDueEmails({ stopping }) },
  { name: "expire promo codes", everyMs: 60_000, run: () => sweepExpiredPromos() },
  { name: "delete expired rate-limit counters", everyMs: 10 * 60_000, run: () => deleteExpiredRateLimitCounters() },
  { name: "delete ended client portal sessions and links", everyMs: 60 * 60_000, run: () => deleteEndedPortalAccess() },
  { name: "booking reminders", everyMs: 60_000, run: () => runBookingUpkeep() },
  { name: "invoice overdue marks and reminders", everyMs: 60_000, run: () => runInvoiceUpkeep() },
  { name: "cadence steps", everyMs: 15_000, run: () => runCadenceSteps() },
  { name: "campaign e-mail sends", everyMs: CAMPAIGN_SEND_EVERY_MS, run: () => runCampaignSends() },
  { name: "nightly backup", everyMs: 10 * 60_000, run: () => runNightlyBackup() },
  { name: "remove scratch folders left behind", everyMs: 60 * 60_000, run: () => clearLeftBehindScratch() },
];

export type BackgroundWorker = { stop(): Promise<void> };

export function startBackgroundWorker(jobs: RecurringJob[] = RECURRING_JOBS): BackgroundWorker {
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  function schedule(job: RecurringJob, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopping.signal.aborted) return;
      const started = performance.now();
      const turn = job
        .run(stopping.signal)
        .then((result) => logRun(job, started, result))
        .catch((error: unknown) => {
          // A run cut short by the stop (its database closed under it) is no failure to report.
          if (!stopping.signal.aborted) logger.error({ job: job.name, duration_ms: elapsedMs(started), outcome: "failed", err: error }, "background job");
        })
        .finally(() => {
          running.delete(turn);
          if (!stopping.signal.aborted) schedule(job, job.everyMs);
        });
      running.add(turn);
    }, delayMs);
    timers.add(timer);
  }

  for (const job of jobs) schedule(job, 0);
  return {
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}

function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

/**
 * One line per run. A run that found nothing to do (its counts all zero) is logged at debug
 * level: e-mail delivery runs every second in every process, and its idle runs would bury the rest.
 */
function logRun(job: RecurringJob, started: number, result: unknown): void {
  const counts = countsOf(result);
  const level = counts && Object.values(counts).every((count) => count === 0) ? "debug" : "info";
  logger[level]({ job: job.name, duration_ms: elapsedMs(started), outcome: "ok", ...(counts ? { result: counts } : {}) }, "background job");
}

/** A job's report when it is a count or a record of counts (what the jobs return), else undefined. */
function countsOf(result: unknown): Record<string, number> | undefined {
  if (typeof result === "number") return { count: result };
  if (typeof result !== "object" || result === null) return undefined;
  const entries = Object.entries(result);
  return entries.every(([, value]) => typeof value === "number") ? (Object.fromEntries(entries) as Record<string, number>) : undefined;
}
