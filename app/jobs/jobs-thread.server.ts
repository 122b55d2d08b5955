import { once } from "node:events";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { config } from "~/config.server";
import { openServerDatabase } from "~/db/server-database.server";
import { setCurrentDatabase } from "~/db/connection.server";
import { logger, setLogLevel } from "~/logging/logger.server";
import { JOBS_THREAD_BUDGET, startBackgroundWorker, type BackgroundWorker } from "./background-worker.server";
import { composeDomainEvents } from "~/domain-event-handlers.server";

/**
 * The background jobs in a worker thread of the web process (JOBS=thread, on PostgreSQL; decision
 * 038): the thread has its own event loop, so a request never waits for a job's JavaScript, and its
 * own connection pool, so a job never waits for a request's connection (or the other way round).
 * The thread runs `worker.js` on the build, the file `npm run worker` runs as a process.
 */

/** Connections the thread's pool opens at most (the web process keeps its own 10). */
export const JOBS_THREAD_POOL_SIZE = 4;

/** A thread that ends unexpectedly (an uncaught error) is started again after this. */
const RESTART_DELAY_MS = 5_000;

/** What the main thread says to the jobs thread, and what the thread answers. */
const STOP = "stop";
const RUNNING = "running";

/**
 * Starts the jobs thread from `entry` and resolves once its jobs run; rejects when the thread
 * fails before that (the start of the web process fails with it). A thread that ends later is
 * logged and started again; `stop()` has it finish its turns, close its pool and end.
 */
export async function startJobsThread(entry: URL): Promise<BackgroundWorker> {
  let stopping = false;
  let current: Worker | undefined;
  let restart: NodeJS.Timeout | undefined;

  const launch = async () => {
    const thread = new Worker(entry);
    current = thread;
    const running = new Promise<void>((resolve, reject) => {
      thread.on("message", (message) => message === RUNNING && resolve());
      thread.once("error", reject);
      thread.once("exit", (code) => reject(new Error(`the jobs thread ended before its jobs ran (exit ${code})`)));
    });
    await running;
    // From now on, an end nobody asked for is a failure: logged, and another thread later.
    thread.removeAllListeners("error").on("error", (error) => logger.error({ err: error }, "the jobs thread failed"));
    thread.once("exit", (code) => {
      if (stopping || current !== thread) return;
      logger.error({ exit_code: code, restart_in_ms: RESTART_DELAY_MS }, "the jobs thread ended; starting another");
      restart = setTimeout(() => {
        launch().catch((error: unknown) => logger.error({ err: error }, "the jobs thread could not start again"));
      }, RESTART_DELAY_MS);
    });
  };

  await launch();
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(restart);
      const thread = current;
      if (!thread || thread.threadId === -1) return;
      const ended = once(thread, "exit");
      thread.postMessage(STOP);
      await ended;
    },
  };
}

/**
 * The thread's side (worker.js, when not on the main thread): opens its pool on DATABASE_URL (the
 * web process has migrated it), runs every job within the jobs thread's budget, and on STOP lets
 * the turns in hand finish (the e-mail being sent), closes the pool and ends.
 */
export function serveAsJobsThread(): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error("serveAsJobsThread runs in the web process's jobs thread only");
  const settings = config();
  setLogLevel(settings.logLevel);
  // Its lines go to the same output as the web process's, with the same pid: they say they are the thread's.
  logger.setBindings({ thread: "jobs" });
  if (!settings.databaseUrl) throw new Error("The jobs thread needs DATABASE_URL (JOBS=thread runs on PostgreSQL only)");
  composeDomainEvents();
  const database = openServerDatabase(settings.databaseUrl, JOBS_THREAD_POOL_SIZE);
  setCurrentDatabase(database);
  const worker = startBackgroundWorker({ budget: JOBS_THREAD_BUDGET });
  port.on("message", (message) => {
    if (message !== STOP) return;
    void (async () => {
      await worker.stop();
      await database.close();
      setCurrentDatabase(undefined);
      port.close();
      process.exit(0);
    })();
  });
  port.postMessage(RUNNING);
}
