// `npm run chaos`: the failure test (bench/chaos/run.ts). Builds the app if stale, then twice:
// two `node server.js` on a fresh PostgreSQL database, and one on a fresh embedded DATA_DIR; a steady
// stream of public submissions, one process SIGKILLed halfway and started again; prints the figures.
//
// Options:
//   --submissions N   submissions per run (default 300)
//   --concurrency N   submissions in flight at once (default 4)
//   --server URL      the PostgreSQL server to make the run's database on
//                     (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
//   --only server|embedded
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { runChaos, type ChaosFigures, type ChaosTarget } from "./chaos/run";

const { values } = parseArgs({
  options: {
    submissions: { type: "string", default: "300" },
    concurrency: { type: "string", default: "4" },
    server: { type: "string", default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    only: { type: "string" },
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
buildIfStale(root);

const submissions = Number(values.submissions);
const concurrency = Number(values.concurrency);
const log = (line: string) => console.log(`  ${line}`);

async function onServer(): Promise<ChaosFigures> {
  const name = `agency_chaos_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: values.server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(values.server);
  url.pathname = `/${name}`;
  try {
    return await run({ kind: "server", databaseUrl: url.toString() }, 2);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function onEmbedded(): Promise<ChaosFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-chaos-"));
  try {
    return await run({ kind: "embedded", dataDir }, 1);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function run(target: ChaosTarget, processes: number): Promise<ChaosFigures> {
  console.log(`\n${target.kind === "server" ? "PostgreSQL" : "Embedded database"}, ${processes} process(es):`);
  return runChaos({ target, processes, submissions, concurrency, invitations: Math.max(4, Math.floor(submissions / 10)), slots: Math.max(2, Math.floor(submissions / 20)), log });
}

const results: ChaosFigures[] = [];
if (values.only !== "embedded") results.push(await onServer());
if (values.only !== "server") results.push(await onEmbedded());

console.log("\n| database | processes | submissions | accepted | refused | unanswered | kills | lost | e-mails | taken over | duplicated | undelivered | max delivery after kill | slots booked twice |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.processes} | ${r.submissions} | ${r.accepted} | ${r.refused} | ${r.unanswered} | ${r.kills} | ${r.lost} | ${r.emails} | ${r.takenOver} | ${r.duplicated} | ${r.undelivered} | ${(r.maxDeliveryDelayAfterKillMs / 1000).toFixed(1)} s | ${r.doubleBookedSlots} |`,
  );
}
const failed = results.some((r) => r.lost > 0 || r.duplicated > 0 || r.undelivered > 0 || r.doubleBookedSlots > 0 || r.maxDeliveryDelayAfterKillMs > 120_000);
process.exit(failed ? 1 : 0);
