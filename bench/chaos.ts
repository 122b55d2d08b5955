// `npm run chaos`: the failure test (bench/chaos/run.ts). Builds the app if stale, then twice:
// two `node server.js` on a fresh PostgreSQL database, and one on a fresh embedded DATA_DIR; a steady
// stream of public submissions, one process SIGKILLed halfway and started again; prints the figures.
// With --restart-postgres, PostgreSQL is restarted halfway instead, under two processes (the
// embedded database lives in its process and has no such outage: that run is left out).
//
// Options:
//   --submissions N   submissions per run (default 300)
//   --concurrency N   submissions in flight at once (default 4)
//   --server URL      the PostgreSQL server to make the run's database on
//                     (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
//   --only server|embedded
//   --restart-postgres proxy|cluster
//                     proxy: the processes reach PostgreSQL through a TCP proxy in this script,
//                     which cuts every connection and refuses new ones for --down-ms (default 5000),
//                     as a restart does to them; the server itself is untouched.
//                     cluster: restarts the local cluster itself
//                     (`pg_ctlcluster --skip-systemctl-redirect VERSION NAME restart`, as root or
//                     postgres): every database on it restarts, so run it alone on the machine.
//   --cluster VERSION/NAME   the cluster to restart (default: the server's major version, main)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { startDatabaseProxy, type DatabaseProxy } from "../tests/support/database-proxy";
import { failedChecks, runChaos, type ChaosFault, type ChaosFigures, type ChaosTarget, type DatabaseRestart } from "./chaos/run";

const { values } = parseArgs({
  options: {
    submissions: { type: "string", default: "300" },
    concurrency: { type: "string", default: "4" },
    server: { type: "string", default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    only: { type: "string" },
    "restart-postgres": { type: "string" },
    "down-ms": { type: "string", default: "5000" },
    cluster: { type: "string" },
  },
});

const restartMode = values["restart-postgres"];
if (restartMode !== undefined && restartMode !== "proxy" && restartMode !== "cluster") {
  console.error("--restart-postgres is proxy or cluster");
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
buildIfStale(root);

const submissions = Number(values.submissions);
const concurrency = Number(values.concurrency);
const log = (line: string) => console.log(`  ${line}`);

/** Restarts the local cluster and resolves once it takes connections again. */
async function clusterRestart(serverUrl: string): Promise<DatabaseRestart> {
  let cluster = values.cluster;
  if (!cluster) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const { rows } = await client.query<{ version: string }>("select current_setting('server_version_num') as version");
    await client.end();
    cluster = `${Math.floor(Number(rows[0]?.version) / 10_000)}/main`;
  }
  const [version = "", name = "main"] = cluster.split("/");
  return {
    name: `the PostgreSQL cluster ${version}/${name}`,
    appUrl: (databaseUrl) => databaseUrl,
    async restart() {
      const result = spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, "restart"], { encoding: "utf8" });
      if (result.status !== 0) throw new Error(`pg_ctlcluster failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const client = new pg.Client({ connectionString: serverUrl });
        try {
          await client.connect();
          await client.query("select 1");
          await client.end();
          return;
        } catch (error) {
          await client.end().catch(() => undefined);
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
  };
}

function proxyRestart(proxy: DatabaseProxy, downMs: number): DatabaseRestart {
  return { name: `PostgreSQL (a proxy cutting every connection for ${downMs} ms)`, appUrl: (databaseUrl) => proxy.url(databaseUrl), restart: () => proxy.restart(downMs) };
}

async function onServer(fault: ChaosFault): Promise<ChaosFigures> {
  const name = `agency_chaos_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: values.server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(values.server);
  url.pathname = `/${name}`;
  try {
    return await run({ kind: "server", databaseUrl: url.toString() }, 2, fault);
  } finally {
    // A new connection: after a cluster restart the first one is gone.
    const cleaner = new pg.Client({ connectionString: values.server });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleaner.end();
  }
}

async function onEmbedded(): Promise<ChaosFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-chaos-"));
  try {
    return await run({ kind: "embedded", dataDir }, 1, { kind: "kill" });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function run(target: ChaosTarget, processes: number, fault: ChaosFault): Promise<ChaosFigures> {
  const what = fault.kind === "kill" ? "one SIGKILLed" : `${fault.restart.name} restarted`;
  console.log(`\n${target.kind === "server" ? "PostgreSQL" : "Embedded database"}, ${processes} process(es), ${what} halfway:`);
  return runChaos({ target, processes, submissions, concurrency, invitations: Math.max(4, Math.floor(submissions / 10)), slots: Math.max(2, Math.floor(submissions / 20)), fault, log });
}

const results: ChaosFigures[] = [];
if (restartMode) {
  if (values.only === "embedded") console.log("\nThe embedded database lives in the app's process: it has no restart of its own to survive.");
  const proxy = restartMode === "proxy" ? await startDatabaseProxy(values.server) : undefined;
  try {
    const restart = proxy ? proxyRestart(proxy, Number(values["down-ms"])) : await clusterRestart(values.server);
    results.push(await onServer({ kind: "restart-database", restart }));
  } finally {
    await proxy?.close();
  }
} else {
  if (values.only !== "embedded") results.push(await onServer({ kind: "kill" }));
  if (values.only !== "server") results.push(await onEmbedded());
}

const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);
console.log(
  "\n| database | processes | fault | submissions | accepted | refused | 503 | unanswered | other 5xx | internals shown | processes died | ready again | lost | e-mails | outcomes kept | taken over | duplicated | undelivered | max delivery after fault | slowest e-mail | slots booked twice |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const fault = r.kills > 0 ? "SIGKILL" : `PostgreSQL restart (${restartMode})`;
  console.log(
    `| ${r.database} | ${r.processes} | ${fault} | ${r.submissions} | ${r.accepted} | ${r.refused} | ${r.unavailable} | ${r.unanswered} | ${r.failed} | ${r.showedInternals} | ${r.died} | ${r.databaseRestarts > 0 ? seconds(r.readyAgainMs) : "—"} | ${r.lost} | ${r.emails} | ${r.outcomesKept} | ${r.takenOver} | ${r.duplicated} | ${r.undelivered} | ${seconds(r.maxDeliveryDelayAfterFaultMs)} | ${seconds(r.maxDeliveryMs)} | ${r.doubleBookedSlots} |`,
  );
}
const failures = results.flatMap((r) => failedChecks(r).map((failure) => `${r.database}: ${failure}`));
for (const failure of failures) console.log(`FAILED: ${failure}`);
console.log(`load average: ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}`);
process.exit(failures.length > 0 ? 1 : 0);
