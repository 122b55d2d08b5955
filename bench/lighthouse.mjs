// `npm run bench:lighthouse`: Lighthouse (mobile, the default emulation and throttling) on every
// public page, 5 runs each, median scores for performance, accessibility, best practices and SEO,
// and the gzipped JavaScript each page downloads. Prints a table and writes docs/benchmarks/lighthouse.md.
// Uses Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) against the production build on an
// empty embedded database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { freePort } from "../scripts/free-port.mjs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfStale } from "../scripts/build-if-stale.mjs";

const PAGES = ["/", "/how-it-works", "/packages", "/portfolio", "/about", "/contact", "/thank-you"];
const lighthouseVersion = JSON.parse(fs.readFileSync(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8")).version;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const root = path.resolve(import.meta.dirname, "..");


async function startApp() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-bench-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", ADMIN_PASSWORD: "bench-admin-password" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes("ready at")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The app did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://localhost:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The page's scripts, from the run's network log. */
function scripts(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((item) => item.resourceType === "Script");
}

/** Bytes of JavaScript as transferred (Chromium accepts brotli, which the server prefers), headers included. */
function transferredBytes(lhr) {
  return scripts(lhr).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** The body of a URL as the server sends it to a client that accepts only gzip (no decoding). */
function gzippedBodyBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/** Bytes of the page's JavaScript gzipped: the budget (120 KB) is in these. */
async function gzippedBytes(lhr) {
  const sizes = await Promise.all(scripts(lhr).map((item) => gzippedBodyBytes(item.url)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function loadAverage() {
  return os.loadavg().map((value) => value.toFixed(2)).join(" / ");
}

buildIfStale(root);
const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const rows = [];
const loadBefore = loadAverage();
try {
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${app.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const { categories } = result.lhr;
      runs.push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories["best-practices"].score * 100,
        seo: categories.seo.score * 100,
        jsKb: (await gzippedBytes(result.lhr)) / 1024,
        transferredKb: transferredBytes(result.lhr) / 1024,
      });
    }
    const row = {
      page,
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      bestPractices: median(runs.map((r) => r.bestPractices)),
      seo: median(runs.map((r) => r.seo)),
      jsKb: median(runs.map((r) => r.jsKb)),
      transferredKb: median(runs.map((r) => r.transferredKb)),
    };
    rows.push(row);
    console.log(
      `${page.padEnd(14)} performance ${String(row.performance).padStart(3)}  accessibility ${String(row.accessibility).padStart(3)}  best practices ${String(row.bestPractices).padStart(3)}  SEO ${String(row.seo).padStart(3)}  JS ${row.jsKb.toFixed(1)} KB gzipped (${row.transferredKb.toFixed(1)} KB transferred)`,
    );
  }
} finally {
  await chrome.kill();
  await app.stop();
}

const table = [
  "| Page | Performance | Accessibility | Best practices | SEO | JS (KB, gzipped) | JS (KB, transferred) |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (row) =>
      `| \`${row.page}\` | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.jsKb.toFixed(1)} | ${row.transferredKb.toFixed(1)} |`,
  ),
].join("\n");
const report = `# Lighthouse figures for the public pages

Measured with \`npm run bench:lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion} in its default
mobile configuration (emulated phone, simulated slow 4G and CPU throttling), Debian's Chromium, the production build served
by \`node server.js\` on an empty embedded database, ${RUNS} runs per page, median of each figure. JS is the JavaScript the
page downloads on first load (KB of 1024 bytes): gzipped, the bodies the server sends to a client that accepts only gzip
(the budget is 120 KB of these), and transferred, what Chromium received (brotli, headers included). Dialogs, the mobile
menu and the toast region load their code only when used. Lighthouse scales the CPU time it observes, so a busy machine
lowers the performance score: load average (1 / 5 / 15 min) before the runs ${loadBefore}, after ${loadAverage()}.

${table}
`;
fs.mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
fs.writeFileSync(path.join(root, "docs/benchmarks/lighthouse.md"), report);
console.log("\nWritten to docs/benchmarks/lighthouse.md");
