// `npm run bench:first-tap`: how long a new visitor on a slow phone waits after tapping each call to
// action of the public pages, from the tap to what it does on screen. Prints every run and the
// medians and writes docs/benchmarks/first-tap.md. FIRST_TAP_RUNS (default 5) sets the runs per call
// to action, FIRST_TAP_ONLY keeps the calls to action whose page or label contains it (e.g. "header", "/portfolio").
//
// Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) against the production build on an empty
// embedded database. The phone (its screen, network and CPU) is in first-tap/phone.mjs; what is
// tapped in first-tap/calls-to-action.mjs; the two scenarios, untouched and touched first, in
// first-tap/scenarios.mjs; how a tap is made and timed in first-tap/tapping.mjs and
// first-tap/watch-taps.mjs; the medians and the report in first-tap/report.mjs.
import path from "node:path";
import { chromium } from "playwright-core";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { loadAverage } from "./support/figures.mjs";
import { startProductionApp } from "./support/production-app.mjs";
import { callsToAction } from "./first-tap/calls-to-action.mjs";
import { GOAL_MS, printRow, writeReport } from "./first-tap/report.mjs";
import { runOnce, SCENARIOS } from "./first-tap/scenarios.mjs";

const RUNS = Number(process.env.FIRST_TAP_RUNS ?? 5);
const ONLY = (process.env.FIRST_TAP_ONLY ?? "").toLowerCase();
const root = path.resolve(import.meta.dirname, "..");

buildIfStale(root);
const app = await startProductionApp(root);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
const loadBefore = loadAverage();
/** row key → { page, label, untouched: results[], touched: results[] } */
const rows = new Map();
/** page → bytes of JavaScript downloaded before the first touch, every run */
const jsBeforeFirstTouchByPage = new Map();
try {
  const flows = await callsToAction(browser, app.url, ONLY);
  console.log(`${flows.length} calls to action, ${RUNS} runs each in two scenarios; goal ≤ ${GOAL_MS} ms from the tap.\n`);
  for (const flow of flows) {
    const flowRows = new Set();
    for (let run = 0; run < RUNS; run += 1) {
      for (const scenario of SCENARIOS) {
        let measurements;
        try {
          measurements = await runOnce(browser, app.url, flow, scenario);
        } catch (error) {
          console.log(`  ${flow.page} ${flow.label}, ${scenario.title}, run ${run + 1}: ${error.message.split("\n")[0]}`);
          measurements = [{ label: flow.label, outcome: "failed", ms: null, jsBeforeFirstTouch: 0, jsBeforeTap: 0 }];
        }
        for (const measurement of measurements) {
          const key = `${flow.page} ${measurement.label}`;
          if (!rows.has(key)) rows.set(key, { page: flow.page, label: measurement.label, untouched: [], touched: [] });
          rows.get(key)[scenario.key].push(measurement);
          flowRows.add(key);
        }
        if (scenario.key === "untouched") {
          jsBeforeFirstTouchByPage.set(flow.page, [...(jsBeforeFirstTouchByPage.get(flow.page) ?? []), measurements[0].jsBeforeFirstTouch]);
        }
      }
    }
    for (const key of flowRows) printRow(rows.get(key));
  }
} finally {
  await browser.close();
  await app.stop();
}

writeReport({ root, runs: RUNS, loadBefore, rows, jsBeforeFirstTouchByPage });
