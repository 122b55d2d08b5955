/**
 * The server bundle's second entry (vite.config.ts): the background jobs without the pages, for
 * worker.js, run as a process of its own (`npm run worker`) or as a web process's jobs thread
 * (JOBS=thread). It shares the first entry's modules as chunks, but imports no route module.
 */
export { serveAsJobsThread } from "~/jobs/jobs-thread.server";
export { logger } from "~/logging/logger.server";
export { startJobsProcess, stopApplication, stopBackgroundWork } from "~/server-lifecycle.server";
