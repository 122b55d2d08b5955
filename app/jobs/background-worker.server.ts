import { setImmediate, setTimeout as sleep } from "node:timers/promises";
import { runNightlyBackup } from "~/backups/backups.server";
import { CADENCE_STEPS_PER_RUN, runCadenceSteps } from "~/cadences/cadence-runner.server";
import { CAMPAIGN_SEND_EVERY_MS, runCampaignSends } from "~/campaigns/campaign-sends.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { sweepExpiredPromos } from "~/leads/promo.server";
import { deleteExpiredRateLimitCounters } from "~/request-safety/rate-limit.server";
import { runBookingUpkeep } from "~/consultations/booking-upkeep.server";
import { runInvoiceUpkeep } from "~/invoices/invoice-reminders.server";
import { remindAndExpireProposals } from "~/proposals/remind-and-expire-proposals.server";
import { logger } from "~/logging/logger.server";
import { deleteEndedPortalAccess } from "~/portal/portal-session.server";
import { SIGN_IN_REQUESTS_PER_RUN, sendRequestedSignInLinks } from "~/portal/sign-in.server";
import { clearLeftBehindScratch } from "~/forms/scratch-folder.server";

/**
 * The work the app does besides answering requests (decision 034 says where it runs). Each job
 * runs, then waits `everyMs`, then runs again; a failing run is logged and retried on the next turn.
 * Every job must be safe with several processes running it at once (claim rows with
 * FOR UPDATE SKIP LOCKED, or enqueue with a dedupe key; the outbox's claim is a lease its sender
 * renews, decision 024), and with its run cut anywhere by the database going away: its effect is
 * keyed, so that running it again changes nothing, or it writes its outcome again until it lands
 * (decision 045).
 */
export type RecurringJob = { name: string; everyMs: number; run: (turn: JobTurn) => Promise<unknown> };

/** What a job's run is given by the worker. */
export type JobTurn = {
  /**
   * Aborted when the process stops: a job that works through a batch finishes the item in hand and
   * leaves the rest for the next run (of this or another process).
   */
  stopping: AbortSignal;
  /**
   * Awaited between two items of a batch: the jobs' share of the event loop. It lets the loop answer
   * what waits (requests, on the main thread) and, once the turn has worked for its slice, rests
   * before going on (the budget), so that a request never waits behind a batch.
   */
  pace(): Promise<void>;
  /** The run left due work behind (a full batch): the next turn follows after the budget's rest, not `everyMs` later. */
  again(): void;
};

/** How much of its thread's event loop the jobs take: a turn works `sliceMs`, then rests `restMs`, then goes on. */
export type JobsBudget = { sliceMs: number; restMs: number };

/**
 * On the web process's main thread (the embedded database, or JOBS=main): at most about half of
 * the loop while there is a backlog, a few milliseconds at a time, and all of it to requests when
 * they come, since the turn lets them in between items.
 */
export const MAIN_THREAD_BUDGET: JobsBudget = { sliceMs: 8, restMs: 8 };

/**
 * In the web process's jobs thread (JOBS=thread): its own loop, but the process's machine. A backlog
 * (a burst of posts, a campaign) takes about half of a core and of the thread's database work, not
 * all of it: the requests beside it come first, the mail soon after.
 */
export const JOBS_THREAD_BUDGET: JobsBudget = { sliceMs: 20, restMs: 20 };

/** In a worker process (`npm run worker`), which does nothing else: all of its loop. */
export const WORKER_PROCESS_BUDGET: JobsBudget = { sliceMs: Number.POSITIVE_INFINITY, restMs: 0 };

/** Mail the delivery job claims per turn; a turn that claimed this many comes back at once. */
export const DELIVERY_BATCH = 20;

export const RECURRING_JOBS: RecurringJob[] = [
  {
    name: "deliver e-mail",
    everyMs: 1_000,
    run: async (turn) => {
      const report = await deliverDueEmails({ stopping: turn.stopping, pace: turn.pace, batchSize: DELIVERY_BATCH });
      if (report.claimed === DELIVERY_BATCH) turn.again();
      return report;
    },
  },
  {
    // A request for a portal sign-in link is only queued by the form (issue 41): its links go out from here, within a second or so.
    name: "client portal sign-in links",
    everyMs: 1_000,
    run: async (turn) => {
      const taken = await sendRequestedSignInLinks();
      if (taken === SIGN_IN_REQUESTS_PER_RUN) turn.again();
      return taken;
    },
  },
  { name: "expire promo codes", everyMs: 60_000, run: () => sweepExpiredPromos() },
  { name: "delete expired rate-limit counters", everyMs: 10 * 60_000, run: () => deleteExpiredRateLimitCounters() },
  { name: "delete ended client portal sessions and links", everyMs: 60 * 60_000, run: () => deleteEndedPortalAccess() },
  { name: "booking reminders", everyMs: 60_000, run: () => runBookingUpkeep() },
  { name: "invoice overdue marks and reminders", everyMs: 60_000, run: () => runInvoiceUpkeep() },
  { name: "proposal reminders and expiry", everyMs: 60_000, run: () => remindAndExpireProposals() },
  // Every 2 s: a step with no delay is the follow-up a visitor expects at once, as the welcome is
  // (it waited up to 15 s); a run with nothing due is one indexed read.
  { name: "cadence steps", everyMs: 2_000, run: (turn) => runCadenceSteps(new Date(), CADENCE_STEPS_PER_RUN, turn.pace) },
  { name: "campaign e-mail sends", everyMs: CAMPAIGN_SEND_EVERY_MS, run: () => runCampaignSends() },
  { name: "nightly backup", everyMs: 10 * 60_000, run: () => runNightlyBackup() },
  { name: "remove scratch folders left behind", everyMs: 60 * 60_000, run: () => clearLeftBehindScratch() },
];

export type BackgroundWorker = { stop(): Promise<void> };

/** Starts every job (`jobs`: all of them, unless a test names its own) within `budget`. */
export function startBackgroundWorker({ budget, jobs = RECURRING_JOBS }: { budget: JobsBudget; jobs?: RecurringJob[] }): BackgroundWorker {
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  function schedule(job: RecurringJob, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopping.signal.aborted) return;
      const started = performance.now();
      const turn = startTurn(stopping.signal, budget);
      const run = job
        .run(turn)
        .then((result) => logRun(job, started, result))
        .catch((error: unknown) => {
          // A run cut short by the stop (its database closed under it) is no failure to report.
          if (stopping.signal.aborted) return;
          // Nor is the database away (a restart, a failover): the next turn tries again (decision 045).
          if (isDatabaseUnreachable(error)) logger.warn({ job: job.name, duration_ms: elapsedMs(started), outcome: "database unreachable", err: error }, "background job");
          else logger.error({ job: job.name, duration_ms: elapsedMs(started), outcome: "failed", err: error }, "background job");
        })
        .finally(() => {
          running.delete(run);
          if (!stopping.signal.aborted) schedule(job, turn.leftWork ? budget.restMs : job.everyMs);
        });
      running.add(run);
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

/** A turn of one job, its slice counted from its start and from the end of each rest. */
export function startTurn(stopping: AbortSignal, budget: JobsBudget): JobTurn & { readonly leftWork: boolean } {
  let sliceStarted = performance.now();
  let leftWork = false;
  return {
    stopping,
    async pace() {
      // setImmediate runs after the loop's poll phase: whatever arrived meanwhile (a request) is taken in first.
      await setImmediate();
      if (performance.now() - sliceStarted < budget.sliceMs) return;
      await sleep(budget.restMs);
      sliceStarted = performance.now();
    },
    again() {
      leftWork = true;
    },
    get leftWork() {
      return leftWork;
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
