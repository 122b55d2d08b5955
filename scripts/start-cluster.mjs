// `npm run start:cluster -- --processes N --workers W`: N web processes (`node server.js` each, as
// `npm start` runs it, with JOBS=off) sharing one PORT through node:cluster, and W processes running
// the background jobs (`node worker.js`, as `npm run worker` runs it), on one PostgreSQL
// (DATABASE_URL). `--workers 0`: no worker process, each web process runs the jobs itself (in its
// jobs thread, JOBS=thread). A process that dies is started again; SIGTERM or SIGINT to this one
// stops every process the way each stops alone (requests finished, jobs stopped, database closed)
// and then exits.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareToServe } from "./build-if-stale.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `--NAME N` or `--NAME=N`, a whole number of at least `least`; `fallback` when not given. */
function countOption(args, name, least, fallback) {
  const at = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at === -1) return fallback;
  const value = args[at].includes("=") ? args[at].split("=")[1] : args[at + 1];
  const count = Number(value);
  if (!Number.isInteger(count) || count < least) {
    console.error(`--${name} needs a whole number of at least ${least} (got ${value ?? "nothing"}).`);
    process.exit(1);
  }
  return count;
}

const args = process.argv.slice(2);
// The web processes, one per core unless told; one worker process is enough for the jobs of many
// (each job claims its rows, so more may run), and leaves the web processes' loops to requests.
const count = countOption(args, "processes", 1, os.availableParallelism());
const workers = countOption(args, "workers", 0, 1);
if (!process.env.DATABASE_URL) {
  console.error(
    "start:cluster needs DATABASE_URL (PostgreSQL): the embedded database serves one process.\n" +
      "Set DATABASE_URL=postgres://… or run one process with `npm start`.",
  );
  process.exit(1);
}

prepareToServe(root);

/** What each kind of process runs, its name in this script's lines, and its environment. */
const KINDS = {
  web: { exec: path.join(root, "server.js"), label: "App process", env: workers > 0 ? { JOBS: "off" } : {} },
  worker: { exec: path.join(root, "worker.js"), label: "Worker process", env: {} },
};

let stopping = false;
/** A process that dies soon after its start waits longer before the next one (a bad config, a database down). */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const QUICK_DEATH_MS = 30_000;
let quickDeaths = 0;

function startProcess(kind) {
  const { exec, label, env } = KINDS[kind];
  cluster.setupPrimary({ exec, args: [] });
  const child = cluster.fork(env);
  const startedAt = Date.now();
  console.log(`${label} ${child.process.pid} starting.`);
  child.once("exit", (code, signal) => {
    if (stopping) return;
    quickDeaths = Date.now() - startedAt < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = RESTART_DELAYS_MS[Math.min(quickDeaths, RESTART_DELAYS_MS.length - 1)];
    console.error(`${label} ${child.process.pid} died (${signal ?? `exit ${code}`}); starting another in ${delay / 1000} s.`);
    setTimeout(() => {
      if (!stopping) startProcess(kind);
    }, delay);
  });
  return child;
}

// The first process migrates the database and makes the first admin alone; the others start once it listens.
startProcess("web").once("listening", () => {
  for (let index = 1; index < count; index += 1) startProcess("web");
  for (let index = 0; index < workers; index += 1) startProcess("worker");
  console.log(`Cluster: ${count} app process(es) and ${workers} worker process(es) on DATABASE_URL, primary ${process.pid}.`);
});

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const children = Object.values(cluster.workers ?? {}).filter((child) => child !== undefined);
  console.log(`\n${signal}: stopping ${children.length} process(es)…`);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.isDead()) return resolve(undefined);
          child.once("exit", resolve);
          child.process.kill("SIGTERM");
        }),
    ),
  );
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
