// The HTTP server: plain Node, so a signal stops it and nothing else.
// `node server.js` serves the production build; `node server.js --dev` runs
// Vite in middleware mode with hot reload. Both mount the same request stack
// (server/request-stack.ts): every request, every page, takes that one path.
import http from "node:http";
import express from "express";

const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

const server = express();
server.disable("x-powered-by");

let lifecycle;
if (development) {
  const vite = await import("vite").then((module) =>
    module.createServer({ server: { middlewareMode: true } }),
  );
  lifecycle = await vite.ssrLoadModule("./server/app.ts");
  // The browser's files from Vite; the pages from the app's modules as they are now (hot reload).
  const pages = async (request, response, next) => {
    try {
      const module = await vite.ssrLoadModule("./server/app.ts");
      module.app(request, response, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  };
  lifecycle.mountRequestStack(server, { files: vite.middlewares, pages });
} else {
  lifecycle = await import("./build/server/index.js");
  lifecycle.mountRequestStack(server, { pages: lifecycle.app });
}

const { logger } = lifecycle;

let report;
try {
  // JOBS=thread (the default on PostgreSQL): the jobs run in a thread on worker.js, which needs the
  // build; in development they stay on the main thread.
  report = await lifecycle.startApplication(development ? {} : { jobsThread: new URL("./worker.js", import.meta.url) });
} catch (error) {
  logger.fatal(`could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const listener = http.createServer(server);
// Requests in flight, for a stop: it waits for them, and each answered while stopping closes its connection.
let inFlight = 0;
let stopping = false;
listener.prependListener("request", (_request, response) => {
  inFlight += 1;
  if (stopping) response.setHeader("Connection", "close");
  response.once("close", () => {
    inFlight -= 1;
    // A keep-alive connection whose answer went out while stopping: idle now, so closed (once Node has marked it idle).
    if (stopping) setImmediate(() => listener.closeIdleConnections());
  });
});
listener.listen(report.port, () => {
  const url = report.publicUrl;
  logger.info({ port: report.port, storage: report.storage, jobs: report.jobs }, "listening");
  console.log(`\nAgency site ready at ${url}  (${report.storage})`);
  const admin = report.firstAdmin;
  if (admin?.generatedPassword) {
    console.log(`\nFirst admin created. Sign in at ${url}/auth with:`);
    console.log(`  e-mail:   ${admin.email}`);
    console.log(`  password: ${admin.generatedPassword}`);
    console.log("This password is shown only once; change it after signing in.\n");
  } else if (admin) {
    console.log(`\nFirst admin: ${admin.email} (password from ADMIN_PASSWORD).\n`);
  }
});

/**
 * A graceful stop (SIGTERM from systemd or an orchestrator, SIGINT from Ctrl-C): no new
 * connections; requests in flight finish, up to SHUTDOWN_TIMEOUT_MS, then their connections are
 * cut; idle keep-alive connections close at once; the background worker starts nothing new and
 * finishes what it is doing (the e-mail being sent); then the database closes and the process
 * exits 0. A second signal while stopping exits at once, with 1.
 */
async function stop(signal) {
  if (stopping) {
    logger.warn({ signal }, "second signal while stopping: exiting now");
    process.exit(1);
  }
  stopping = true;
  const deadlineMs = report.shutdownTimeoutMs;
  logger.info({ signal, in_flight: inFlight, deadline_ms: deadlineMs }, "stopping");
  const drained = new Promise((resolve) => listener.close(() => resolve()));
  listener.closeIdleConnections();
  const deadline = setTimeout(() => {
    logger.warn({ in_flight: inFlight }, "requests still running at the shutdown deadline: closing their connections");
    listener.closeAllConnections();
  }, deadlineMs);
  await Promise.all([drained, lifecycle.stopBackgroundWork()]);
  clearTimeout(deadline);
  await lifecycle.stopApplication();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
