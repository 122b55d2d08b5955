// `npm run bench:booking`: how fast the public booking page answers. Builds the app if stale,
// prepares a data directory (500 leads, four weeks of weekday slots, a blocked day, one
// invitation), serves it with `node server.js` (production build, embedded database) on a
// spare port, then lets 50 concurrent visitors GET /booking/{token} and reports p50/p95/p99.
// Writes docs/benchmarks/booking.md. Options: --requests N (default 3000), --concurrency N (50).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale } from "../scripts/build-if-stale.mjs";

const { values } = parseArgs({ options: { requests: { type: "string", default: "3000" }, concurrency: { type: "string", default: "50" } } });
const totalRequests = Number(values.requests);
const concurrency = Number(values.concurrency);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function prepareData(dataDir: string): Promise<string> {
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = "";
  const { openStorage, stopApplication } = await import("~/server-lifecycle.server");
  const { db } = await import("~/db/connection.server");
  const { seedDemoData } = await import("~/demo/demo-seed.server");
  const { addRecurringRule, blockDates, generateSlotsFromRules } = await import("~/availability/availability.server");
  const { createBookingInvitation } = await import("~/consultations/bookings.server");
  const { leads } = await import("~/leads/schema");
  const { addDaysToDate, todayInZone } = await import("~/availability/slot-time");
  try {
    await openStorage();
    await seedDemoData(db(), { leads: 500 });
    for (const day of [1, 2, 3, 4, 5]) await addRecurringRule({ dayOfWeek: day, startTime: "09:00", endTime: "17:00" });
    await generateSlotsFromRules(4);
    const blocked = addDaysToDate(todayInZone(new Date(), "America/New_York"), 3);
    await blockDates({ startDate: blocked, endDate: blocked, reason: "Benchmark" });
    const [lead] = await db().insert(leads).values({ name: "Bench Visitor", email: "bench@example.test", source: "website", status: "new" }).returning();
    if (!lead) throw new Error("no lead");
    const booking = await createBookingInvitation({ leadId: lead.id, windowDays: 30 });
    await db().execute("analyze");
    return booking.bookingToken;
  } finally {
    await stopApplication();
  }
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

async function main() {
  const root = path.resolve(".");
  buildIfStale(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-bench-"));
  const token = await prepareData(dataDir);
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
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
    const url = `http://127.0.0.1:${port}/booking/${token}`;
    const first = await fetch(url);
    const html = await first.text();
    if (first.status !== 200 || !html.includes("Book Your Consultation")) throw new Error(`Unexpected answer ${first.status}`);
    // Warm-up: JIT, module caches, the database's buffers.
    for (let index = 0; index < 200; index += 1) await (await fetch(url)).arrayBuffer();

    const latencies: number[] = [];
    let next = 0;
    const loadBefore = os.loadavg();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < totalRequests) {
          next += 1;
          const begin = performance.now();
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
          latencies.push(performance.now() - begin);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const loadAfter = os.loadavg();
    latencies.sort((a, b) => a - b);
    const figures = {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      rps: latencies.length / seconds,
    };
    const when = new Date().toISOString();
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");
    const summary = `GET /booking/{token}: ${latencies.length} requests, ${concurrency} concurrent — p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(0)} req/s`;
    console.log(summary);
    console.log(`Load average (1/5/15 min) before: ${load(loadBefore)}, after: ${load(loadAfter)}; ${os.cpus().length} CPUs`);
    const report = `# Booking page benchmark

\`npm run bench:booking\` (bench/booking.ts): the production build (\`node server.js\`, embedded PGlite) with
500 demo leads, four weeks of weekday slots (09:00–17:00, 30 minutes), one blocked day and one
30-day invitation; ${concurrency} concurrent visitors request \`GET /booking/{token}\` (server-rendered
HTML of the page) ${latencies.length} times after 200 warm-up requests.

| measured | requests | concurrency | p50 | p95 | p99 | throughput |
| --- | --- | --- | --- | --- | --- | --- |
| ${when} | ${latencies.length} | ${concurrency} | ${figures.p50.toFixed(1)} ms | ${figures.p95.toFixed(1)} ms | ${figures.p99.toFixed(1)} ms | ${figures.rps.toFixed(0)} req/s |

Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}. Load average (1/5/15 min)
before the run ${load(loadBefore)}, after ${load(loadAfter)}: the machine is shared with other engineers'
builds and test runs, so the figures include their noise. The client (this script) runs on the same machine.

The loader makes two indexed queries (the invitation by its unique token, joined to its lead, with the
settings row in parallel; then the open slots of the invitation's window through the partial index
\`availability_slots_open_date_start_idx\`, with the blocked ranges in parallel).
`;
    fs.mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
    fs.writeFileSync(path.join(root, "docs/benchmarks/booking.md"), report);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
