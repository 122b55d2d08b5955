import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openServerDatabase } from "~/db/server-database.server";
import { logger } from "~/logging/logger.server";
import { MAIN_THREAD_BUDGET, WORKER_PROCESS_BUDGET, startBackgroundWorker, startTurn, type BackgroundWorker, type JobsBudget, type RecurringJob } from "./background-worker.server";

let worker: BackgroundWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** The worker with one job of the test's. */
function startWith(job: RecurringJob, budget: JobsBudget = WORKER_PROCESS_BUDGET) {
  worker = startBackgroundWorker({ budget, jobs: [job] });
}

/** A promise and its resolver, to hold a job's run open or to hear that it ran. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("the background worker", () => {
  it("logs each run with its job, duration, outcome and counts; an idle run at debug level", async () => {
    const info = vi.spyOn(logger, "info");
    const debug = vi.spyOn(logger, "debug");
    const busyRan = signal();
    const idleRan = signal();
    worker = startBackgroundWorker({
      budget: WORKER_PROCESS_BUDGET,
      jobs: [
        { name: "busy", everyMs: 60_000, run: async () => (busyRan.resolve(), { sent: 2, failed: 0 }) },
        { name: "idle", everyMs: 60_000, run: async () => (idleRan.resolve(), 0) },
      ],
    });
    await Promise.all([busyRan.promise, idleRan.promise]);
    await worker.stop();
    expect(info).toHaveBeenCalledWith({ job: "busy", duration_ms: expect.any(Number), outcome: "ok", result: { sent: 2, failed: 0 } }, "background job");
    expect(debug).toHaveBeenCalledWith({ job: "idle", duration_ms: expect.any(Number), outcome: "ok", result: { count: 0 } }, "background job");
  });

  it("logs a failed run as an error, with the error", async () => {
    const logged = signal<unknown[]>();
    vi.spyOn(logger, "error").mockImplementation((...args: unknown[]) => logged.resolve(args));
    startWith({ name: "broken", everyMs: 60_000, run: () => Promise.reject(new Error("SMTP said no")) });
    const [fields, message] = await logged.promise;
    expect(message).toBe("background job");
    expect(fields).toMatchObject({ job: "broken", outcome: "failed", err: new Error("SMTP said no") });
  });

  it("logs a run that found the database away as a warning: the next turn tries again, nothing is wrong with the job", async () => {
    // A real connection refused (nothing listens on port 1), as while PostgreSQL restarts.
    const unreachable = openServerDatabase("postgres://postgres@127.0.0.1:1/nothing", 1);
    const logged = signal<unknown[]>();
    vi.spyOn(logger, "warn").mockImplementation((...args: unknown[]) => logged.resolve(args));
    try {
      startWith({ name: "deliver e-mail", everyMs: 60_000, run: () => unreachable.db.execute(sql`select 1`) });
      const [fields, message] = await logged.promise;
      expect(message).toBe("background job");
      expect(fields).toMatchObject({ job: "deliver e-mail", outcome: "database unreachable" });
    } finally {
      await unreachable.close();
    }
  });

  it("stops: the run in hand sees the stop and finishes before stop() resolves; nothing runs after", async () => {
    const started = signal<AbortSignal>();
    const finish = signal();
    let runs = 0;
    startWith({
      name: "deliver",
      everyMs: 0,
      run: async ({ stopping }) => {
        runs += 1;
        started.resolve(stopping);
        await finish.promise;
      },
    });
    const stopping = await started.promise;
    if (!worker) throw new Error("not started");
    let stopped = false;
    const stop = worker.stop().then(() => (stopped = true));
    expect(stopping.aborted).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish.resolve();
    await stop;
    expect(runs).toBe(1);
  });

  it("comes back at once, not everyMs later, after a run that left due work", async () => {
    const thirdRun = signal();
    let runs = 0;
    startWith(
      {
        name: "backlog",
        everyMs: 60_000,
        run: async (turn) => {
          runs += 1;
          if (runs < 3) turn.again();
          else thirdRun.resolve();
        },
      },
      MAIN_THREAD_BUDGET,
    );
    await thirdRun.promise;
    expect(runs).toBe(3);
  });
});

describe("a turn's share of the event loop", () => {
  /** Keeps the thread busy for `ms`, as a job's JavaScript does between two awaits. */
  function work(ms: number) {
    const until = performance.now() + ms;
    while (performance.now() < until);
  }

  it("rests once the turn has worked its slice, then starts a new slice", async () => {
    const turn = startTurn(new AbortController().signal, { sliceMs: 20, restMs: 300 });
    let started = performance.now();
    await turn.pace();
    expect(performance.now() - started).toBeLessThan(250);
    work(25);
    started = performance.now();
    await turn.pace();
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    started = performance.now();
    await turn.pace();
    expect(performance.now() - started).toBeLessThan(250);
  });
});
