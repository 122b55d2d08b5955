// `npm run bench:leads`: the leads list's queries on PostgreSQL, p50 / p95 over repeated runs.
// Needs DATABASE_URL (PostgreSQL) holding the leads to measure, e.g. after
//   DATABASE_URL=postgres://… npm run seed:demo -- --leads 1000000
// Writes the figures to docs/benchmarks/leads.md (pass --no-write to only print them).
import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db, queryRows } from "~/db/connection.server";
import { LEAD_LIST_VIEW } from "~/leads/lead-list-view";
import { leadStats, listLeads, LEADS_PAGE_SIZE } from "~/leads/leads.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";
import { encodeKeysetCursor, readListView } from "~/lists/list-view";
import { percentile } from "./support/figures.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
const TARGET_MS = 50;

type Result = { name: string; p50: number; p95: number; max: number; rows: number };

async function measure(name: string, run: (iteration: number) => Promise<number>): Promise<Result> {
  for (let i = 0; i < WARMUP; i += 1) await run(i);
  const timings: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    rows = await run(i);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const result = { name, p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings[timings.length - 1] ?? 0, rows };
  console.log(`${name.padEnd(58)} p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   (${rows} rows)`);
  return result;
}

const page = (query: string, after: string | null = null) => listLeads({ view: readListView(new URLSearchParams(query), LEAD_LIST_VIEW), after }).then((p) => p.leads.length);

try {
  if (!config().databaseUrl) throw new Error("Set DATABASE_URL to the PostgreSQL database to measure (see the header of bench/leads.ts).");
  await openStorage();
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(db(), sql`select count(*)::int as total from leads`);
  console.log(`${total.toLocaleString("en-US")} leads; ${RUNS} runs each after ${WARMUP} warm-up runs.\n`);
  if (total < 1_000_000) console.log("Note: fewer than a million leads; seed more for the figures the README quotes.\n");

  // The boundary row of page 1000 (found once, by offset; the measured query is the keyset one).
  const [boundary] = await queryRows<{ created_at: string; id: string }>(
    db(),
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, id::text as id
        from leads order by created_at desc, id desc offset ${999 * LEADS_PAGE_SIZE - 1} limit 1`,
  );
  const page1000 = boundary ? encodeKeysetCursor({ value: boundary.created_at, id: boundary.id }) : null;
  // E-mail fragments: a rare one (a person), a mid one (a surname), a common one (a domain).
  const fragments = ["delgado4711", "okafor", "hotmail"];

  const results: Result[] = [];
  results.push(await measure("first page (newest first)", () => page("")));
  results.push(await measure("page 1000 by keyset", () => page("", page1000)));
  results.push(await measure("first page sorted by name", () => page("sort=name&dir=asc")));
  for (const fragment of fragments) results.push(await measure(`search e-mail fragment "${fragment}"`, () => page(`q=${fragment}`)));
  const filters: [string, string][] = [
    ["status", "status=contacted"],
    ["tier", "tier=3"],
    ["source", "source=referral"],
    ["status + tier", "status=converted&tier=2"],
    ["status + source", "status=new&source=Sticky+Button"],
    ["tier + source", "tier=4&source=website"],
    ["status + tier + source", "status=contacted&tier=1&source=%2499+Packages+Page"],
    ["status + tier + source (converted, tier 4, manual)", "status=converted&tier=4&source=manual"],
  ];
  for (const [label, query] of filters) results.push(await measure(`filter: ${label}`, () => page(query)));
  results.push(await measure("stat tiles (4 counts)", () => leadStats().then(() => 4)));

  const over = results.filter((result) => result.p95 > TARGET_MS);
  console.log(over.length === 0 ? `\nEvery query within ${TARGET_MS} ms at p95.` : `\nOver ${TARGET_MS} ms at p95: ${over.map((r) => r.name).join(", ")}`);

  if (!process.argv.includes("--no-write")) {
    const [version] = await queryRows<{ server_version: string }>(db(), sql`show server_version`);
    const lines = [
      "# Leads list benchmark",
      "",
      `Measured by \`npm run bench:leads\` (bench/leads.ts) on ${new Date().toISOString().slice(0, 10)}: PostgreSQL ${version?.server_version ?? "?"},`,
      `${total.toLocaleString("en-US")} leads made by \`npm run seed:demo -- --leads 1000000\`, ${os.cpus().length} CPU cores`,
      `(${os.cpus()[0]?.model ?? "unknown CPU"}), shared with other work. Each query ran ${RUNS} times after ${WARMUP} warm-up runs,`,
      "through the same service functions the page calls (page size 25). Target: 50 ms at p95.",
      "",
      "| query | p50 (ms) | p95 (ms) | max (ms) | rows |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...results.map((r) => `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.rows} |`),
      "",
      over.length === 0 ? `Every query is within ${TARGET_MS} ms at p95.` : `Over target at p95: ${over.map((r) => r.name).join(", ")}.`,
      "",
      "How: keyset paging on (sort column, id) with a b-tree index per sort and per filter column;",
      "trigram GIN indexes for substring search; stat tiles exact up to 10,000 matches and estimated",
      "by the planner above that (docs/decisions/ on lead counts).",
      "",
    ];
    fs.mkdirSync("docs/benchmarks", { recursive: true });
    fs.writeFileSync("docs/benchmarks/leads.md", lines.join("\n"));
    console.log("Wrote docs/benchmarks/leads.md");
  }
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(cause instanceof Error ? cause.message : cause);
  process.exitCode = 1;
} finally {
  await stopApplication();
}
