// The background jobs without the web (docs/decisions/034-jobs-out-of-the-request-path.md), on the
// build's jobs entry (build/server/jobs.js). Plain Node, like server.js, so a signal stops it and
// nothing else. Two ways it runs:
// - as a process, `node worker.js` (`npm run worker`): beside web processes started with JOBS=off,
//   on DATABASE_URL; refused on the embedded database. No listener. SIGTERM or SIGINT: the jobs
//   start nothing new and finish the item in hand (the e-mail being sent), the database closes,
//   exit 0; a second signal exits at once with 1.
// - as the jobs thread of a web process (JOBS=thread): server.js starts this file in a worker thread.
import { isMainThread } from "node:worker_threads";

const jobs = await import("./build/server/jobs.js");

if (!isMainThread) {
  jobs.serveAsJobsThread();
} else {
  const { logger } = jobs;
  let storage;
  try {
    ({ storage } = await jobs.startJobsProcess());
  } catch (error) {
    logger.fatal(`could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  logger.info({ storage }, "background jobs running");
  console.log(`\nAgency background jobs running on ${storage}`);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) {
      logger.warn({ signal }, "second signal while stopping: exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "stopping");
    await jobs.stopBackgroundWork();
    await jobs.stopApplication();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
