// `npm run bench:load`: the site's throughput and latency under load, each page side by side
// with the floor: the same page of the same production build served by a bare node:http listener
// calling React Router's request handler and nothing else (bench/bare-listener.mjs). Both run on
// PostgreSQL (one bench database, made afresh) on this machine, with the load client.
//
// Pages: the home page, a lead POST (/inquiry, the inquiry dialog's form), /admin/leads signed in,
// a booking page on one hot link (kept in memory after its first view), and booking pages each on
// its own link (every request a link's first view). Per page: a warm-up on each server, then
// `--rounds` windows on each, alternating (ours, bare, then bare, ours, ...), `--duration` seconds
// each (first views: `--first-views` requests each, on links nobody opened yet).
//
// `--soak S`: instead, S seconds of steady load on the app alone (half the visitors on the home
// page, half posting leads), the server's resident memory sampled every 10 s; the goal is < 10%
// growth from the first sample (taken after a 60 s warm-up) to the last.
//
// Public posts are rate-limited per address (decision 026; the forms: 10 an hour per address,
// 500 an hour overall). The bench lets every post through without touching the app: each visitor
// (connection) comes from its own loopback address (127.0.0.2, .3, ...: the whole 127/8 is this
// machine), and the bench empties the rate-limit counters in its own database every 50 ms, as if
// each 50 ms were a new hour. Every post still counts itself in the database as in production.
//
// Visitors send their next request as soon as they have an answer (a closed loop: at saturation
// p95 is about concurrency / throughput), except on the lead POST's second row, where the 50
// visitors together offer `--lead-rate` posts a second: the latency of a post below saturation.
//
// Options: --duration S (10), --rounds N (3), --concurrency N (50), --first-views N (300), --lead-rate N (100),
// --soak S, --database URL (postgres://postgres@127.0.0.1:5432; the bench makes and drops its
// own database there), --pages home,lead,lead-rate,admin,booking,first-view (all).
import { systemActor } from "~/audit/actor";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { freePort } from "../scripts/free-port.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "50" },
    "first-views": { type: "string", default: "300" },
    "lead-rate": { type: "string", default: "100" },
    soak: { type: "string" },
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
    pages: { type: "string", default: "home,lead,lead-rate,admin,booking,first-view" },
    // Internal: the child process that prepares the database (see main).
    prepare: { type: "string" },
  },
});
const durationMs = Number(values.duration) * 1000;
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);
const firstViews = Number(values["first-views"]);
const leadRate = Number(values["lead-rate"]);
const soakSeconds = values.soak === undefined ? null : Number(values.soak);
const pagesWanted = new Set(values.pages.split(","));
const DATABASE_NAME = "agency_loadbench";
const databaseUrl = `${values.database.replace(/\/+$/, "")}/${DATABASE_NAME}`;
const WARM_UP_MS = 3000;
/**
 * Before the soak's first memory sample: the heap grows to its working size first (a run with 20 s
 * of warm-up grew 31% in its first 20 s, then 4% in the 280 s after).
 */
const SOAK_WARM_UP_MS = 60_000;
const FIRST_VIEW_WARM_UP = 50;
const ADMIN = { email: "bench-admin@agency.localhost", password: "bench-admin-password-1234" };
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

type Prepared = { hotToken: string; freshTokens: string[] };

/** Demo data (500 leads), four weeks of weekday slots, one invitation for the hot link and one per first view. */
async function prepareData(invitations: number): Promise<Prepared> {
  process.env.DATABASE_URL = databaseUrl;
  const { openStorage, stopApplication } = await import("~/server-lifecycle.server");
  const { db } = await import("~/db/connection.server");
  const { seedDemoData } = await import("~/demo/demo-seed.server");
  const { addRecurringRule, generateSlotsFromRules } = await import("~/availability/availability.server");
  const { createBookingInvitation } = await import("~/consultations/bookings.server");
  const { deliverDueEmails } = await import("~/email/delivery.server");
  const { leads } = await import("~/leads/schema");
  try {
    await openStorage();
    await seedDemoData(db(), { leads: 500 });
    for (const day of [1, 2, 3, 4, 5]) await addRecurringRule(systemActor("console"), { dayOfWeek: day, startTime: "09:00", endTime: "17:00" });
    await generateSlotsFromRules(systemActor("console"), 4);
    const visitors = await db()
      .insert(leads)
      .values(Array.from({ length: invitations }, (_, index) => ({ name: `Load Visitor ${index + 1}`, email: `load${index + 1}@example.test`, source: "website" as const, status: "new" as const })))
      .returning();
    const tokens: string[] = [];
    for (const lead of visitors) tokens.push((await createBookingInvitation(systemActor("console"), { leadId: lead.id, windowDays: 30 })).bookingToken);
    // The invitations' e-mails are stored now, so that the worker has nothing to send when the run starts.
    while (Object.values(await deliverDueEmails({ transport: null })).some((count) => count > 0));
    await db().execute("analyze");
    const [hotToken = "", ...freshTokens] = tokens;
    return { hotToken, freshTokens };
  } finally {
    await stopApplication();
  }
}

async function recreateDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: `${values.database.replace(/\/+$/, "")}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

async function prepareInChild(invitations: number): Promise<Prepared> {
  const file = path.join(os.tmpdir(), `load-bench-${process.pid}.json`);
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--prepare", file, "--first-views", String(invitations), "--database", values.database], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Preparing the data failed (exit ${String(code)})`);
  const prepared = JSON.parse(fs.readFileSync(file, "utf8")) as Prepared;
  fs.rmSync(file, { force: true });
  return prepared;
}

type Server = { name: string; port: number; process: ChildProcess; output: () => string };

async function startServer(name: string, script: string, port: number, env: Record<string, string>, readyLine: string): Promise<Server> {
  const child = spawn(process.execPath, [script], { cwd: path.resolve("."), env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes(readyLine)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name, port, process: child, output: () => output };
}

async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

/** One request of a page's load; `expect` is the status every answer must have. */
type Call = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string; expect: number };
type Answer = { status: number; bytes: number };

/**
 * The load's visitors: one keep-alive connection each, each from its own loopback address, so
 * per-address limits count each visitor apart as they would on the Internet.
 */
function visitorAgents(count: number): http.Agent[] {
  return Array.from({ length: count }, (_, index) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${Math.floor((index + 2) / 250)}.${((index + 2) % 250) + 1}` }));
}

function send(port: number, agent: http.Agent, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: call.method, path: call.path, agent, headers: { "Accept-Encoding": ACCEPT_ENCODING, ...call.headers } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(call.body);
  });
}

type Window = { requests: number; errors: number; firstError: string | null; rps: number; p50: number; p95: number; serverCpuMs: number | null };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** CPU time (user + system, ms) a process has used so far; Linux only. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

function residentKbOf(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/**
 * Loads one server: `concurrency` visitors, each sending its next call as soon as the previous
 * answer is in, until the time is up (`until`) or the calls run out (`next` answers null).
 */
async function load(server: Server, agents: http.Agent[], next: (visitor: number) => Call | null, untilMs: number | null, ratePerSecond?: number): Promise<Window> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const cpuBefore = cpuMsOf(server.process.pid);
  const started = performance.now();
  const deadline = untilMs === null ? Infinity : started + untilMs;
  await Promise.all(
    agents.map(async (agent, visitor) => {
      // Paced: each visitor sends on its own schedule, so that together they offer `ratePerSecond`.
      const interval = ratePerSecond ? (agents.length / ratePerSecond) * 1000 : 0;
      let due = started + (interval * visitor) / agents.length;
      for (let call = next(visitor); call && performance.now() < deadline; call = next(visitor)) {
        if (interval) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          due += interval;
          if (performance.now() >= deadline) break;
        }
        const begin = performance.now();
        try {
          const answer = await send(server.port, agent, call);
          latencies.push(performance.now() - begin);
          if (answer.status !== call.expect || answer.bytes === 0) {
            errors += 1;
            firstError ??= `${call.method} ${call.path}: HTTP ${answer.status}, ${answer.bytes} bytes`;
          }
        } catch (error) {
          errors += 1;
          firstError ??= `${call.method} ${call.path}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMsOf(server.process.pid);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    firstError,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    serverCpuMs: cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? (cpuAfter - cpuBefore) / latencies.length : null,
  };
}

type Page = {
  name: string;
  /** The calls for one server's window (a fresh source per window: first views take links nobody opened). */
  calls: (server: Server) => (visitor: number) => Call | null;
  /** Windows end after this many requests rather than after `--duration`. */
  requestsPerWindow?: number;
  /** Requests per second the visitors offer together (default: each sends its next as soon as it has its answer). */
  ratePerSecond?: number;
};

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function range(numbers: number[], digits: number): string {
  const low = Math.min(...numbers).toFixed(digits);
  const high = Math.max(...numbers).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
}

async function signIn(server: Server, origin: string): Promise<string> {
  const body = JSON.stringify(ADMIN);
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: server.port, method: "POST", path: "/api/auth/sign-in/email", headers: { "Content-Type": "application/json", Origin: origin, "Content-Length": Buffer.byteLength(body) } },
      resolve,
    );
    request.on("error", reject);
    request.end(body);
  });
  answer.resume();
  const cookies = answer.headers["set-cookie"] ?? [];
  if (answer.statusCode !== 200 || cookies.length === 0) throw new Error(`Signing in answered HTTP ${answer.statusCode}`);
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

function pagesToLoad(prepared: Prepared, origin: string, cookie: string): Page[] {
  let posted = 0;
  const inquiry = (): Call => {
    posted += 1;
    const body = new URLSearchParams({ name: `Load Tester ${posted}`, email: `load-post-${posted}-${process.pid}@example.test`, message: "A site for my bakery, please." }).toString();
    return {
      method: "POST",
      path: "/inquiry",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
      body,
      expect: 200,
    };
  };
  let fresh = 0;
  const pages: Page[] = [
    { name: "GET / (home)", calls: () => () => ({ method: "GET", path: "/", headers: {}, expect: 200 }) },
    { name: "POST /inquiry (lead)", calls: () => () => inquiry() },
    { name: `POST /inquiry (lead), ${leadRate}/s offered`, calls: () => () => inquiry(), ratePerSecond: leadRate },
    { name: "GET /admin/leads (signed in)", calls: () => () => ({ method: "GET", path: "/admin/leads", headers: { Cookie: cookie }, expect: 200 }) },
    { name: "GET /booking/{token}, one link", calls: () => () => ({ method: "GET", path: `/booking/${prepared.hotToken}`, headers: {}, expect: 200 }) },
    {
      name: "GET /booking/{token}, first views",
      requestsPerWindow: firstViews,
      calls: () => () => {
        const token = prepared.freshTokens[fresh++];
        return token ? { method: "GET", path: `/booking/${token}`, headers: {}, expect: 200 } : null;
      },
    },
  ];
  const keys = ["home", "lead", "lead-rate", "admin", "booking", "first-view"];
  return pages.filter((_, index) => pagesWanted.has(keys[index] ?? ""));
}

/**
 * The bench's own connection to its database: it empties the rate-limit counters every 50 ms
 * (see the top of this file) and waits for the e-mails the posts queued to be stored.
 */
type BenchDatabase = { outboxDrained: () => Promise<void>; close: () => Promise<void> };

async function openBenchDatabase(): Promise<BenchDatabase> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    client
      .query("delete from rate_limit_counters")
      .catch((error: unknown) => console.error("Could not empty the rate-limit counters:", error))
      .finally(() => (busy = false));
  }, 50);
  return {
    // The app's worker stores the e-mails a window's posts queued (SMTP_URL is unset) after the
    // window: the next window, on either server, starts on a quiet machine.
    async outboxDrained() {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query<{ due: number }>("select count(*)::int as due from email_outbox where status = 'pending' and next_attempt_at <= now()");
        if ((rows[0]?.due ?? 0) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      console.log("  (the outbox still had e-mails due after 2 minutes)");
    },
    async close() {
      clearInterval(timer);
      await client.end();
    },
  };
}

async function sideBySide(ours: Server, bare: Server, pages: Page[], database: BenchDatabase): Promise<void> {
  type Row = { page: string; ours: Window[]; bare: Window[] };
  const rows: Row[] = [];
  for (const page of pages) {
    const row: Row = { page: page.name, ours: [], bare: [] };
    const agents = new Map([ours, bare].map((server) => [server, visitorAgents(concurrency)]));
    const windowOf = (server: Server, warmUp: boolean) => {
      const next = page.calls(server);
      if (page.requestsPerWindow === undefined) return load(server, agents.get(server) ?? [], next, warmUp ? WARM_UP_MS : durationMs, page.ratePerSecond);
      let left = warmUp ? FIRST_VIEW_WARM_UP : page.requestsPerWindow;
      return load(server, agents.get(server) ?? [], () => (left-- > 0 ? next(0) : null), null);
    };
    for (const server of [ours, bare]) await windowOf(server, true);
    for (let round = 0; round < rounds; round += 1) {
      for (const server of round % 2 === 0 ? [ours, bare] : [bare, ours]) {
        await database.outboxDrained();
        const window = await windowOf(server, false);
        (server === ours ? row.ours : row.bare).push(window);
        const cpu = window.serverCpuMs === null ? "" : `, server CPU ${window.serverCpuMs.toFixed(2)} ms/request`;
        console.log(
          `  ${page.name} — ${server.name}: ${window.rps.toFixed(0)} req/s, p50 ${window.p50.toFixed(1)} ms, p95 ${window.p95.toFixed(1)} ms, ${window.requests} requests${cpu}` +
            (window.errors ? `, ${window.errors} ERRORS (first: ${window.firstError})` : ""),
        );
      }
    }
    for (const agent of agents.values()) for (const each of agent) each.destroy();
    rows.push(row);
  }

  console.log(`\n${concurrency} concurrent visitors; ${rounds} windows per server and page, alternating; medians, with the range over the windows in brackets.`);
  console.log("| page | req/s ours | req/s bare | ours / bare | p50 ours | p50 bare | p95 ours | p95 bare | CPU/request ours | CPU/request bare | bare CPU / ours | goal |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  let allMet = true;
  for (const row of rows) {
    const ratios = row.ours.map((window, index) => window.rps / (row.bare[index]?.rps ?? Infinity));
    const ratio = median(row.ours.map((window) => window.rps)) / median(row.bare.map((window) => window.rps));
    const errors = [...row.ours, ...row.bare].reduce((sum, window) => sum + window.errors, 0);
    const p95Ours = median(row.ours.map((window) => window.p95));
    const goals = [`≥ 80% of bare: ${ratio >= 0.8 ? "met" : "NOT met"}`];
    if (row.page.startsWith("POST")) goals.push(`p95 < 50 ms: ${p95Ours < 50 ? "met" : "NOT met"}`);
    if (errors) goals.push(`${errors} ERRORS`);
    if (ratio < 0.8 || errors || (row.page.startsWith("POST") && p95Ours >= 50)) allMet = false;
    const cell = (windows: Window[], pick: (window: Window) => number, digits: number, unit = "") =>
      `${median(windows.map(pick)).toFixed(digits)}${unit} (${range(windows.map(pick), digits)})`;
    // What the throughput ratio would be if the server's CPU were all that limited it: steadier than
    // req/s when other processes share the machine.
    const cpuRatio = ({ ours: o, bare: b }: Row) =>
      [...o, ...b].every((window) => window.serverCpuMs) ? `${((median(b.map((w) => w.serverCpuMs ?? 0)) / median(o.map((w) => w.serverCpuMs ?? 0))) * 100).toFixed(0)}%` : "n/a";
    const cpu = (windows: Window[]) => (windows.every((window) => window.serverCpuMs !== null) ? cell(windows, (window) => window.serverCpuMs ?? 0, 2, " ms") : "n/a");
    console.log(
      `| ${row.page} | ${cell(row.ours, (w) => w.rps, 0)} | ${cell(row.bare, (w) => w.rps, 0)} | ${(ratio * 100).toFixed(0)}% (${range(ratios.map((r) => r * 100), 0)}%) | ` +
        `${cell(row.ours, (w) => w.p50, 1, " ms")} | ${cell(row.bare, (w) => w.p50, 1, " ms")} | ${cell(row.ours, (w) => w.p95, 1, " ms")} | ${cell(row.bare, (w) => w.p95, 1, " ms")} | ` +
        `${cpu(row.ours)} | ${cpu(row.bare)} | ${cpuRatio(row)} | ${goals.join("; ")} |`,
    );
  }
  console.log(allMet ? "\nEvery goal met." : "\nSome goals NOT met (see the table).");
}

async function soak(ours: Server, origin: string, prepared: Prepared, cookie: string, seconds: number): Promise<void> {
  const [home, lead] = pagesToLoad(prepared, origin, cookie);
  if (!home || !lead) throw new Error("The soak needs the home page and the lead post");
  const agents = visitorAgents(concurrency);
  const homeCalls = home.calls(ours);
  const leadCalls = lead.calls(ours);
  const mixed = (visitor: number) => (visitor % 2 === 0 ? homeCalls(visitor) : leadCalls(visitor));
  console.log(`Soak warm-up (${SOAK_WARM_UP_MS / 1000} s)…`);
  await load(ours, agents, mixed, SOAK_WARM_UP_MS);
  const samples: { at: number; kb: number }[] = [];
  const started = Date.now();
  samples.push({ at: 0, kb: residentKbOf(ours.process.pid) });
  const sampler = setInterval(() => {
    const sample = { at: Math.round((Date.now() - started) / 1000), kb: residentKbOf(ours.process.pid) };
    samples.push(sample);
    console.log(`  ${sample.at} s: RSS ${(sample.kb / 1024).toFixed(1)} MB`);
  }, 10_000);
  const window = await load(ours, agents, mixed, seconds * 1000);
  clearInterval(sampler);
  samples.push({ at: Math.round((Date.now() - started) / 1000), kb: residentKbOf(ours.process.pid) });
  for (const agent of agents) agent.destroy();
  const first = samples[0]?.kb ?? 0;
  const last = samples.at(-1)?.kb ?? 0;
  const peak = Math.max(...samples.map((sample) => sample.kb));
  const growth = ((last - first) / first) * 100;
  console.log(
    `\nSoak: ${seconds} s, ${concurrency} visitors (half on /, half posting /inquiry): ${window.rps.toFixed(0)} req/s, p50 ${window.p50.toFixed(1)} ms, p95 ${window.p95.toFixed(1)} ms, ` +
      `${window.requests} requests, ${window.errors} errors${window.firstError ? ` (first: ${window.firstError})` : ""}`,
  );
  console.log(
    `RSS ${(first / 1024).toFixed(1)} MB → ${(last / 1024).toFixed(1)} MB (peak ${(peak / 1024).toFixed(1)} MB), growth ${growth.toFixed(1)}%: goal < 10% ${growth < 10 ? "met" : "NOT met"}`,
  );
}

async function main(): Promise<void> {
  const root = path.resolve(".");
  buildIfStale(root);
  await recreateDatabase();
  const windowsWithFirstViews = pagesWanted.has("first-view") && soakSeconds === null ? 2 * (rounds * firstViews + FIRST_VIEW_WARM_UP) : 0;
  console.log(`Preparing ${DATABASE_NAME} (demo data, ${windowsWithFirstViews + 1} invitations)…`);
  const prepared = await prepareInChild(windowsWithFirstViews + 1);
  const [oursPort, barePort] = [await freePort(), await freePort()];
  const origin = `http://localhost:${oursPort}`;
  const env = { NODE_ENV: "production", DATABASE_URL: databaseUrl, PUBLIC_URL: origin, SMTP_URL: "", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const ours = await startServer("ours", "server.js", oursPort, env, "ready at");
  const servers = [ours];
  const database = await openBenchDatabase();
  try {
    const cookie = await signIn(ours, origin);
    const loadBefore = os.loadavg();
    if (soakSeconds !== null) {
      await soak(ours, origin, prepared, cookie, soakSeconds);
    } else {
      const bare = await startServer("bare", "bench/bare-listener.mjs", barePort, env, "bare ready");
      servers.push(bare);
      await sideBySide(ours, bare, pagesToLoad(prepared, origin, cookie), database);
    }
    const load = (averages: number[]) => averages.map((value) => value.toFixed(1)).join(" / ");
    console.log(`Load average (1/5/15 min) before: ${load(loadBefore)}, after: ${load(os.loadavg())}; ${os.cpus().length} CPUs; ${new Date().toISOString()}`);
  } finally {
    await database.close();
    for (const server of servers) await stopServer(server);
  }
}

if (values.prepare) {
  fs.writeFileSync(values.prepare, JSON.stringify(await prepareData(firstViews)));
} else {
  await main();
}
