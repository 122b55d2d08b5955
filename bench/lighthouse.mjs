// `npm run bench:lighthouse`: Lighthouse (mobile, the default emulation and throttling) on every
// public page, 5 runs each, median scores for performance, accessibility, best practices and SEO
// (and every run's performance score), the gzipped JavaScript the page's app loads when it starts,
// and what the phone of the runs downloaded; and what a new desktop visitor (1280 × 800, the offer
// popup not seen yet) downloads of script within 5 s of load, gzipped. Prints a table and writes docs/benchmarks/lighthouse.md.
// Uses Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) against the production build on an
// empty embedded database.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
/* global performance -- the function passed to page.evaluate runs in the page */
import { chromium } from "playwright-core";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { loadAverage, median } from "./support/figures.mjs";
import { startProductionApp } from "./support/production-app.mjs";

const PAGES = ["/", "/how-it-works", "/packages", "/portfolio", "/about", "/contact", "/thank-you", "/start-your-project", "/portal"];
const lighthouseVersion = JSON.parse(fs.readFileSync(new URL("../node_modules/lighthouse/package.json", import.meta.url), "utf8")).version;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const root = path.resolve(import.meta.dirname, "..");

/**
 * Bytes of JavaScript the phone of a run received (brotli, headers included): a phone loads the
 * app at the visitor's first touch (decision 011), so a run that only reads the page loads none.
 */
function transferredBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
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

/**
 * Bytes, gzipped, of the JavaScript the page's app loads when it starts (right after the paint on
 * a wide screen, at the first touch on a phone): every module the page's HTML preloads. The issue's
 * budget (120 KB) is in these. Dialogs, the mobile menu and the toast region load later, when used.
 */
async function appStartGzippedBytes(pageUrl) {
  const html = await (await fetch(pageUrl)).text();
  // Each file once: React Router names the client entry's file twice when routes import from it.
  const modules = [...new Set([...html.matchAll(/<link rel="(?:x-modulepreload-after-paint|modulepreload)" href="([^"]+)"/g)].map((match) => match[1]))];
  if (modules.length === 0) throw new Error(`No module preloads found in ${pageUrl}`);
  const sizes = await Promise.all(modules.map((href) => gzippedBodyBytes(new URL(href, pageUrl).href)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * Bytes, gzipped, of every script a new desktop visitor's browser fetched within 5 s of the page's
 * load event (1280 × 800, no popup cookie: the app starts after the paint, the offer popup's code
 * comes, the inquiry dialog's is fetched when idle). The desktop keeps to the phone's 120 KB.
 */
const DESKTOP_WINDOW_MS = 5_000;
async function desktopScriptGzippedBytes(browser, pageUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(pageUrl, { waitUntil: "load" });
    await page.waitForTimeout(DESKTOP_WINDOW_MS);
    const scripts = await page.evaluate((windowMs) => {
      const loadAt = performance.getEntriesByType("navigation")[0].loadEventStart;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => (entry.initiatorType === "script" || entry.initiatorType === "link" || entry.initiatorType === "other") && /\.m?js(\?|$)/.test(entry.name) && entry.startTime <= loadAt + windowMs)
        .map((entry) => entry.name);
    }, DESKTOP_WINDOW_MS);
    const sizes = await Promise.all([...new Set(scripts)].map((url) => gzippedBodyBytes(url)));
    return sizes.reduce((sum, size) => sum + size, 0);
  } finally {
    await context.close();
  }
}

buildIfStale(root);
const app = await startProductionApp(root);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const desktop = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
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
        transferredKb: transferredBytes(result.lhr) / 1024,
      });
    }
    const row = {
      page,
      performanceRuns: runs.map((r) => r.performance),
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      bestPractices: median(runs.map((r) => r.bestPractices)),
      seo: median(runs.map((r) => r.seo)),
      jsKb: (await appStartGzippedBytes(`${app.url}${page}`)) / 1024,
      transferredKb: median(runs.map((r) => r.transferredKb)),
      desktopKb: (await desktopScriptGzippedBytes(desktop, `${app.url}${page}`)) / 1024,
    };
    rows.push(row);
    console.log(
      `${page.padEnd(14)} performance ${String(row.performance).padStart(3)} (runs ${row.performanceRuns.join(" ")})  accessibility ${String(row.accessibility).padStart(3)}  best practices ${String(row.bestPractices).padStart(3)}  SEO ${String(row.seo).padStart(3)}  app JS ${row.jsKb.toFixed(1)} KB gzipped, ${row.transferredKb.toFixed(1)} KB downloaded while reading, desktop ${row.desktopKb.toFixed(1)} KB within 5 s`,
    );
  }
} finally {
  await chrome.kill();
  await desktop.close();
  await app.stop();
}

const table = [
  "| Page | Performance | (each run) | Accessibility | Best practices | SEO | App JS (KB, gzipped) | JS downloaded while reading (KB) | Desktop JS within 5 s (KB, gzipped) |",
  "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (row) =>
      `| \`${row.page}\` | ${row.performance} | ${row.performanceRuns.join(", ")} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.jsKb.toFixed(1)} | ${row.transferredKb.toFixed(1)} | ${row.desktopKb.toFixed(1)} |`,
  ),
].join("\n");
const report = `# Lighthouse figures for the public pages

Measured with \`npm run bench:lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion} in its default
mobile configuration (emulated phone, simulated slow 4G and CPU throttling), Debian's Chromium, the production build served
by \`node server.js\` on an empty embedded database, ${RUNS} runs per page, median of each figure (and the performance
score of each run). App JS is the JavaScript the page's app loads when it starts (KB of 1024 bytes): every module the
page's HTML preloads, gzipped as the server sends it to a client that accepts only gzip (the budget is 120 KB of these);
dialogs, the mobile menu and the toast region load their code later, when used. A phone loads the app at the visitor's
first touch (decision 011), so Lighthouse's phone, which only reads, downloads none of it: the last column is what it
received (brotli, headers included). The desktop column is every script a new visitor's browser at 1280 × 800 fetched
within 5 s of the load event (the app, the offer popup's code, the inquiry dialog's fetched when idle), gzipped as above. Lighthouse scales the CPU time it observes, so a busy machine lowers the performance
score: load average (1 / 5 / 15 min) before the runs ${loadBefore}, after ${loadAverage()}.

${table}
`;
fs.mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
fs.writeFileSync(path.join(root, "docs/benchmarks/lighthouse.md"), report);
console.log("\nWritten to docs/benchmarks/lighthouse.md");
