// `npm run bench:admin-lists -- --url http://127.0.0.1:3000 [--url LABEL=URL …] [--runs N] [--db]`:
// how fast every back-office list page, and the first record of the leads, clients, projects,
// invoices and e-mails lists, answers its whole HTML, signed in, one request at a time.
//
// Against running production servers (`NODE_ENV=production node server.js`, e.g. on the
// PostgreSQL database seeded by `npm run seed:demo -- --leads 1000000`): signs in as
// BENCH_ADMIN_EMAIL / BENCH_ADMIN_PASSWORD (default ADMIN_EMAIL / ADMIN_PASSWORD, the first admin a
// server creates on a database without one), then GETs each list page's HTML (as a browser asks:
// gzip or brotli, decoded and checked to be the whole page) and the leads page's loader data
// (`/admin/leads.data`), sequentially, p50 / p95 / max over --runs (default 40) after 5 warm-up
// requests. With several --url, the servers take turns request by request, so that each is
// measured under the same load of the (shared) machine: a before/after comparison in one run.
// With --db (and DATABASE_URL), also times the leads list's queries in this process through the
// services the loader calls. On Linux, also the server's CPU time per request, read from /proc: a
// figure the other work on a shared machine disturbs far less than latency, and the part of it
// the main thread spent (the rest is V8's garbage-collection helpers and zlib's threads). The
// server is the process listening on the URL's port on this machine, or --pid LABEL=PID.
// Prints a Markdown table.
import http from "node:http";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { percentile } from "./support/figures.mjs";
import { cpuMsOf, listenerPidOf, mainThreadCpuMsOf } from "./support/process-usage";

const { values } = parseArgs({
  options: {
    url: { type: "string", multiple: true },
    pid: { type: "string", multiple: true },
    runs: { type: "string", default: "40" },
    warmup: { type: "string", default: "5" },
    only: { type: "string" },
    db: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);

/** Every back-office list page (app/routes.ts), and what its HTML must contain to count as the whole page. */
const PAGES: { path: string; mark: string }[] = [
  { path: "/admin/leads", mark: 'aria-label="Leads"' },
  { path: "/admin/leads.data", mark: "" },
  { path: "/admin/clients", mark: "</table>" },
  { path: "/admin/projects", mark: "</table>" },
  { path: "/admin/invoices", mark: "</table>" },
  { path: "/admin/consultations", mark: "</h1>" },
  { path: "/admin/bookings", mark: "</h1>" },
  { path: "/admin/emails", mark: "</table>" },
  { path: "/admin/templates", mark: "</table>" },
  { path: "/admin/campaigns", mark: "</h1>" },
  { path: "/admin/referrals", mark: "</h1>" },
  { path: "/admin/cadences", mark: "</h1>" },
  { path: "/admin/add-ons", mark: "</h1>" },
  { path: "/admin/emails/suppressions", mark: "</h1>" },
  { path: "/admin/settings/security/audit", mark: "</h1>" },
];

/**
 * The back-office's record pages: the first record each list links to (its page as the server that
 * answers first shows it), so every server is asked for the same record. A list with no record to
 * link to (the demo data has no invoices) has no row.
 */
const DETAIL_PAGES: { list: string; pattern: RegExp; mark: string }[] = [
  { list: "/admin/leads", pattern: /href="(\/admin\/leads\/[0-9a-f-]{36})"/, mark: "</h1>" },
  { list: "/admin/clients", pattern: /href="(\/admin\/clients\/[0-9a-f-]{36})"/, mark: "</h1>" },
  { list: "/admin/projects", pattern: /href="(\/admin\/projects\/[0-9a-f-]{36})"/, mark: "</h1>" },
  { list: "/admin/invoices", pattern: /href="(\/admin\/invoices\/[0-9a-f-]{36})"/, mark: "</h1>" },
  { list: "/admin/emails", pattern: /href="(\/admin\/emails\/[0-9a-f-]{36})"/, mark: "</h1>" },
];

type Server = { label: string; origin: string; cookie: string; agent: http.Agent; pid?: number };
type Answer = { status: number; body: Buffer };

function parseServer(raw: string): Omit<Server, "cookie"> {
  const at = raw.indexOf("=");
  const [label, origin] = at > 0 && !raw.slice(0, at).includes("/") ? [raw.slice(0, at), raw.slice(at + 1)] : [raw, raw];
  const pid = (values.pid ?? []).map((entry) => entry.split("=")).find(([name]) => name === label)?.[1];
  const url = new URL(origin);
  // Without --pid, the process listening on the server's port (when it is on this machine).
  const listener = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname) ? listenerPidOf(Number(url.port || 80)) : undefined;
  return { label, origin: origin.replace(/\/$/, ""), agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), pid: pid ? Number(pid) : listener };
}

function get(server: Server, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.origin}${path}`, { agent: server.agent, headers: { Cookie: server.cookie, "Accept-Encoding": "gzip, deflate, br" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const body = encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function signIn(server: Omit<Server, "cookie">): Promise<Server> {
  const email = process.env.BENCH_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL;
  const password = process.env.BENCH_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
  if (!email || !password) throw new Error("Set BENCH_ADMIN_EMAIL and BENCH_ADMIN_PASSWORD (or ADMIN_EMAIL / ADMIN_PASSWORD) to an admin account.");
  const response = await fetch(`${server.origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in at ${server.origin} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { ...server, cookie };
}

function check(answer: Answer, server: Server, page: { path: string; mark: string }): number {
  if (answer.status !== 200) throw new Error(`${server.label}: HTTP ${answer.status} for ${page.path}`);
  const text = answer.body.toString("utf8");
  if (!page.path.endsWith(".data") && !text.trimEnd().endsWith("</html>")) throw new Error(`${server.label}: ${page.path} is not a whole HTML page`);
  if (page.mark && !text.includes(page.mark)) throw new Error(`${server.label}: ${page.path} lacks ${page.mark}`);
  return answer.body.length;
}

type Row = { path: string; server: string; p50: number; p95: number; max: number; bytes: number; cpuMs?: number | null; mainThreadCpuMs?: number | null };

async function measurePage(servers: Server[], page: { path: string; mark: string }): Promise<Row[]> {
  const timings = servers.map(() => [] as number[]);
  const bytes = servers.map(() => 0);
  const cpu = servers.map(() => 0);
  const mainThreadCpu = servers.map(() => 0);
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    for (const [index, server] of servers.entries()) {
      const cpuBefore = cpuMsOf(server.pid);
      const mainThreadBefore = mainThreadCpuMsOf(server.pid);
      const started = performance.now();
      const answer = await get(server, page.path);
      const elapsed = performance.now() - started;
      bytes[index] = check(answer, server, page);
      if (i >= WARMUP) timings[index]?.push(elapsed);
      const cpuAfter = cpuMsOf(server.pid);
      const mainThreadAfter = mainThreadCpuMsOf(server.pid);
      if (i >= WARMUP && cpuBefore !== null && cpuAfter !== null) cpu[index] = (cpu[index] ?? 0) + cpuAfter - cpuBefore;
      if (i >= WARMUP && mainThreadBefore !== null && mainThreadAfter !== null) mainThreadCpu[index] = (mainThreadCpu[index] ?? 0) + mainThreadAfter - mainThreadBefore;
    }
  }
  return servers.map((server, index) => {
    const sorted = (timings[index] ?? []).sort((a, b) => a - b);
    return { path: page.path, server: server.label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0, bytes: bytes[index] ?? 0, cpuMs: server.pid ? (cpu[index] ?? 0) / RUNS : null, mainThreadCpuMs: server.pid ? (mainThreadCpu[index] ?? 0) / RUNS : null };
  });
}

async function measureQueries(): Promise<Row[]> {
  const { LEAD_LIST_VIEW } = await import("~/leads/lead-list-view");
  const { readListView } = await import("~/lists/list-view");
  const { leadStats, listLeads } = await import("~/leads/leads.server");
  const { openStorage, stopApplication } = await import("~/server-lifecycle.server");
  await openStorage();
  try {
    const rows: Row[] = [];
    const time = async (path: string, run: () => Promise<unknown>) => {
      for (let i = 0; i < WARMUP; i += 1) await run();
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        await run();
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      rows.push({ path, server: "database", p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings.at(-1) ?? 0, bytes: 0 });
    };
    await time("leads: first page query", () => listLeads({ view: readListView(new URLSearchParams(), LEAD_LIST_VIEW), after: null }));
    await time("leads: stat tiles (4 counts)", () => leadStats(new Date()));
    return rows;
  } finally {
    await stopApplication();
  }
}

const servers: Server[] = [];
for (const raw of values.url ?? []) servers.push(await signIn(parseServer(raw)));
if (servers.length === 0 && !values.db) throw new Error("Give at least one --url of a running server (or --db).");
const detailPages: { path: string; mark: string }[] = [];
for (const detail of servers.length > 0 ? DETAIL_PAGES : []) {
  const [first] = servers;
  if (!first) break;
  const answer = await get(first, detail.list);
  const path = detail.pattern.exec(answer.body.toString("utf8"))?.[1];
  if (path) detailPages.push({ path, mark: detail.mark });
  else console.error(`${detail.list} links to no record: no record page measured for it`);
}
const allPages = [...PAGES, ...detailPages];
const pages = values.only ? allPages.filter((page) => page.path.includes(values.only ?? "")) : allPages;

const rows: Row[] = [];
for (const page of servers.length > 0 ? pages : []) {
  for (const row of await measurePage(servers, page)) {
    rows.push(row);
    const cpuText = row.cpuMs != null ? `   CPU ${row.cpuMs.toFixed(1)} ms/request` : "";
    console.error(`${row.server.padEnd(10)} ${row.path.padEnd(32)} p50 ${row.p50.toFixed(1).padStart(6)} ms   p95 ${row.p95.toFixed(1).padStart(6)} ms   ${(row.bytes / 1024).toFixed(0)} KB${cpuText}`);
  }
}
if (values.db) rows.push(...(await measureQueries()));

console.log(`\n${RUNS} sequential requests per page and server after ${WARMUP} warm-up ones (${new Date().toISOString().slice(0, 16)}Z).\n`);
const withCpu = rows.some((row) => row.cpuMs != null);
console.log(`| page | server | p50 (ms) | p95 (ms) | max (ms) | size (KB) |${withCpu ? " server CPU (ms/request) | of it, main thread |" : ""}`);
console.log(`| --- | --- | ---: | ---: | ---: | ---: |${withCpu ? " ---: | ---: |" : ""}`);
const figure = (value: number | null | undefined) => (value != null ? value.toFixed(1) : "—");
for (const row of rows) {
  const cpuCell = withCpu ? ` ${figure(row.cpuMs)} | ${figure(row.mainThreadCpuMs)} |` : "";
  console.log(`| ${row.path.startsWith("/") ? `\`${row.path}\`` : row.path} | ${row.server} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} | ${row.bytes ? (row.bytes / 1024).toFixed(0) : "—"} |${cpuCell}`);
}
for (const server of servers) server.agent.destroy();
