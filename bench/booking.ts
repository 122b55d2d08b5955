// `npm run bench:booking`: how fast the public booking page answers. Builds the app if stale,
// prepares a data directory (500 leads, four weeks of weekday slots, a blocked day, invitations),
// serves it with `node server.js` (production build, embedded database) on a spare port, then
// lets 50 concurrent visitors GET /booking/{token} and reports p50/p95/p99, throughput and the
// server's CPU time per request. Adds a row to docs/benchmarks/booking.md.
//
// Options:
//   --requests N      requests after the warm-up (default 3000)
//   --concurrency N   visitors at once (default 50)
//   --invitations N   links the visitors spread over, round robin (default 1: one link, as a
//                     visitor reloading it; with as many links as requests every request is a
//                     link's first view, which the page cache cannot answer from memory)
//   --client http|fetch  how the visitors ask (default http, see below)
//   --cpu-prof DIR    writes a V8 CPU profile of the server into DIR (open it in Chrome DevTools, or
//                     summarise the run: bench/cpu-profile-summary.ts FILE --last <the run's seconds>)
//   --app DIR         serves the app built in DIR (default: this checkout)
//   --before DIR      side by side: serves the app built in DIR (another checkout, e.g. main) and
//                     then this one, in turn, on the same data, each started afresh; a row each,
//                     named by its commit. The data is prepared by this checkout, so both must
//                     share their migrations
//   --rounds N        with --before, how many times in turn (default 1)
//   --note TEXT       a remark for the results row
//
// Every answer must be the whole page a visitor gets: status 200, and its HTML (decoded from
// gzip or brotli, which the visitors accept as Chrome does) must carry the visitor's name and the
// first and last offered time of the invitation, read from the database before the run: as slot
// ids (the page before decision 035) or in the compact form, a day with its minutes. The page has
// no second request for its times: they are in the document. After the run, one page's size is
// measured as served: its HTML, and its gzip and brotli forms.
//
// The client runs on the same machine as the server. `fetch` spends ~1 ms of CPU per request
// (more than the server now does), so the default client is node:http with keep-alive, which
// spends about half; `--client fetch` measures as the first versions of this script did.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { freePort } from "../scripts/free-port.mjs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { percentile } from "./support/figures.mjs";
import { prepareBookingData, type Expected } from "./support/booking-data";
import { checkPage, visitorClient, type Answer } from "./support/booking-visitors";
import { cpuMsOf } from "./support/process-usage";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "50" },
    invitations: { type: "string", default: "1" },
    client: { type: "string", default: "http" },
    "cpu-prof": { type: "string" },
    app: { type: "string", default: "." },
    before: { type: "string" },
    rounds: { type: "string", default: "1" },
    note: { type: "string", default: "" },
    // Internal: the child process that prepares the data directory (see main).
    prepare: { type: "string" },
  },
});
const totalRequests = Number(values.requests);
const concurrency = Number(values.concurrency);
const invitationCount = Number(values.invitations);
const client = values.client === "fetch" ? "fetch" : "http";
const rounds = Number(values.rounds);
const WARM_UP = 200;
const visitors = visitorClient(client, concurrency);
const get = visitors.get;
const RESULTS_MARKER = "<!-- bench/booking.ts adds a row under this table's header on each run -->";


function addResultRow(file: string, row: string): void {
  const report = fs.readFileSync(file, "utf8");
  const marker = report.indexOf(RESULTS_MARKER);
  const separator = marker < 0 ? -1 : report.indexOf("| --- ", marker);
  const lineEnd = separator < 0 ? -1 : report.indexOf("\n", separator);
  if (lineEnd < 0) {
    console.log(`(no results table in ${file}; the row is above)`);
    return;
  }
  fs.writeFileSync(file, `${report.slice(0, lineEnd + 1)}${row}\n${report.slice(lineEnd + 1)}`);
}

/**
 * Prepares the data in a child process: the visitors' process then carries neither the app's
 * modules nor a database in its heap (their garbage collection showed in the latencies).
 */
async function prepareInChild(dataDir: string): Promise<Expected[]> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--prepare", dataDir, "--invitations", String(invitationCount)], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Preparing the data failed (exit ${String(code)})`);
  return JSON.parse(fs.readFileSync(`${dataDir}.json`, "utf8")) as Expected[];
}

/** The checkout's commit, to name a row's build. */
function commitOf(directory: string): string {
  const result = spawnSync("git", ["-C", directory, "rev-parse", "--short", "HEAD"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : path.basename(directory);
}

/** Serves the app built in `appRoot` on the prepared data, lets the visitors in, and adds a row named `label`. */
async function measure(appRoot: string, label: string, dataDir: string, expected: Expected[]): Promise<void> {
  const port = await freePort();
  const profile = values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values["cpu-prof"])}`] : [];
  const server = spawn(process.execPath, [...profile, "server.js"], {
    cwd: appRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes("ready at")) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The app did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const urlOf = (index: number) => `http://127.0.0.1:${port}/booking/${expected[index % expected.length]?.token}`;
    const visit = async (index: number) => {
      const answer = await get(urlOf(index));
      const want = expected[index % expected.length];
      if (want) checkPage(answer, want);
    };
    // Warm-up: JIT, module caches, the database's buffers (with one link, also its kept page), and
    // all the visitors' connections open. A saturated Node server serves the first request of a
    // new connection last (a bare node:http server shows it too): with the connections opened in
    // the measured run, the first view of many links measured seconds of connection set-up.
    let warmed = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (warmed < WARM_UP) await visit(warmed++);
      }),
    );

    const latencies: number[] = [];
    let next = 0;
    const loadBefore = os.loadavg();
    const serverCpuBefore = cpuMsOf(server.pid);
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < totalRequests) {
          // After the warm-up: with as many links as requests, each is then a first view.
          const index = WARM_UP + next;
          next += 1;
          const begin = performance.now();
          const answer = await get(urlOf(index));
          latencies.push(performance.now() - begin);
          const want = expected[index % expected.length];
          if (want) checkPage(answer, want);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpuAfter = cpuMsOf(server.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const loadAfter = os.loadavg();
    latencies.sort((a, b) => a - b);
    const figures = {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      rps: latencies.length / seconds,
      serverCpu: serverCpuBefore !== null && serverCpuAfter !== null ? (serverCpuAfter - serverCpuBefore) / latencies.length : null,
      clientCpu: (clientCpu.user + clientCpu.system) / 1000 / latencies.length,
    };
    const load = (averages: number[]) => averages.map((value) => value.toFixed(2)).join(" / ");
    const cpu = figures.serverCpu === null ? "n/a" : `${figures.serverCpu.toFixed(2)} ms`;
    console.log(`${label}:`);
    console.log(
      `GET /booking/{token}: ${latencies.length} requests over ${expected.length} link(s), ${concurrency} concurrent, client ${client} — ` +
        `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(0)} req/s; ` +
        `server CPU ${cpu} per request, client CPU ${figures.clientCpu.toFixed(2)} ms; the run took ${seconds.toFixed(1)} s`,
    );
    console.log(`Load average (1/5/15 min) before: ${load(loadBefore)}, after: ${load(loadAfter)}; ${os.cpus().length} CPUs`);
    // One page as served: its HTML, and the gzip and brotli forms a browser gets.
    const sample = urlOf(WARM_UP);
    const [plain, gzip, brotli] = await Promise.all(["identity", "gzip", "br"].map((encoding) => visitors.getEncoded(sample, encoding)));
    const kb = (answer: Answer | undefined) => `${((answer?.body.length ?? 0) / 1024).toFixed(1)}`;
    const size = `${kb(plain)} / ${kb(gzip)} / ${kb(brotli)} KB`;
    console.log(`The document: ${size} (HTML / gzip / brotli)`);
    const row =
      `| ${new Date().toISOString().slice(0, 16).replace("T", " ")} | ${expected.length} | ${latencies.length} | ${concurrency} | ${client} | ` +
      `${figures.p50.toFixed(1)} ms | ${figures.p95.toFixed(1)} ms | ${figures.p99.toFixed(1)} ms | ${figures.rps.toFixed(0)} req/s | ${cpu} | ${size} | ` +
      `${loadBefore[0]?.toFixed(1)} → ${loadAfter[0]?.toFixed(1)} | ${label} |`;
    console.log(row);
    addResultRow(path.join(path.resolve("."), "docs/benchmarks/booking.md"), row);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  }
}

async function main() {
  const appRoot = path.resolve(values.app);
  const beforeRoot = values.before ? path.resolve(values.before) : null;
  for (const root of [beforeRoot, appRoot]) if (root) buildIfStale(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-bench-"));
  try {
    const expected = await prepareInChild(dataDir);
    const named = (what: string) => [what, values.note].filter(Boolean).join(": ");
    // Side by side: the two builds in turn on the same data, each server started afresh (nothing kept).
    for (let round = 1; round <= rounds; round += 1) {
      if (beforeRoot) await measure(beforeRoot, named(`before (${commitOf(beforeRoot)})`), dataDir, expected);
      await measure(appRoot, named(beforeRoot ? `after (${commitOf(appRoot)})` : ""), dataDir, expected);
    }
  } finally {
    visitors.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.json`, { force: true });
  }
}

if (values.prepare) {
  fs.writeFileSync(`${values.prepare}.json`, JSON.stringify(await prepareBookingData(values.prepare, invitationCount)));
} else {
  await main();
}
