// `npm run start:cluster -- --processes N`: N app processes (`node server.js` each, as `npm start`
// runs it) sharing one PORT through node:cluster, on one PostgreSQL (DATABASE_URL). A process that
// dies is started again; SIGTERM or SIGINT to this one stops every process the way `node server.js`
// stops (requests finished, worker stopped, database closed) and then exits.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareToServe } from "./build-if-stale.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `--processes N` or `--processes=N`; the machine's cores when not given. */
function processCount(args) {
  const at = args.findIndex((arg) => arg === "--processes" || arg.startsWith("--processes="));
  if (at === -1) return os.availableParallelism();
  const value = args[at].includes("=") ? args[at].split("=")[1] : args[at + 1];
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`--processes needs a whole number of at least 1 (got ${value ?? "nothing"}).`);
    process.exit(1);
  }
  return count;
}

const count = processCount(process.argv.slice(2));
if (!process.env.DATABASE_URL) {
  console.error(
    "start:cluster needs DATABASE_URL (PostgreSQL): the embedded database serves one process.\n" +
      "Set DATABASE_URL=postgres://… or run one process with `npm start`.",
  );
  process.exit(1);
}

prepareToServe(root);
cluster.setupPrimary({ exec: path.join(root, "server.js"), args: [] });

let stopping = false;
/** A process that dies soon after its start waits longer before the next one (a bad config, a database down). */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const QUICK_DEATH_MS = 30_000;
let quickDeaths = 0;

function startProcess() {
  const worker = cluster.fork();
  const startedAt = Date.now();
  console.log(`App process ${worker.process.pid} starting.`);
  worker.once("exit", (code, signal) => {
    if (stopping) return;
    quickDeaths = Date.now() - startedAt < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = RESTART_DELAYS_MS[Math.min(quickDeaths, RESTART_DELAYS_MS.length - 1)];
    console.error(`App process ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another in ${delay / 1000} s.`);
    setTimeout(() => {
      if (!stopping) startProcess();
    }, delay);
  });
  return worker;
}

// The first process migrates the database and makes the first admin alone; the others start once it listens.
startProcess().once("listening", () => {
  for (let index = 1; index < count; index += 1) startProcess();
  console.log(`Cluster: ${count} app process(es) on DATABASE_URL, primary ${process.pid}.`);
});

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  console.log(`\n${signal}: stopping ${workers.length} app process(es)…`);
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          if (worker.isDead()) return resolve(undefined);
          worker.once("exit", resolve);
          worker.process.kill("SIGTERM");
        }),
    ),
  );
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
