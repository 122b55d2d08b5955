// The report of `npm run bench:first-tap`: each row's medians against the goal, printed as its runs
// end, then the totals and the table in docs/benchmarks/first-tap.md.
import fs from "node:fs";
import path from "node:path";
import { loadAverage, median } from "../support/figures.mjs";
import { FIRST_TOUCH_AFTER_LOAD_MS, MENU_READING_MS, SCENARIOS, TOUCHED_TAP_AFTER_LOAD_MS, UNTOUCHED_TAP_AFTER_LOAD_MS } from "./scenarios.mjs";

export const GOAL_MS = 1000;

const formatMs = (ms) => (ms === null || !Number.isFinite(ms) ? "—" : String(Math.round(ms)));
const formatKb = (bytes) => (bytes / 1024).toFixed(1);
const outcomeText = (result) => (result.url ? `${result.outcome} ${result.url}` : result.outcome);

/** The runs of one row in one scenario, summed up. */
function summary(results) {
  const times = results.map((result) => result.ms ?? Infinity);
  const medianMs = median(times);
  return {
    medianMs,
    runs: results.map((result) => formatMs(result.ms)),
    outcome: [...new Set(results.map(outcomeText))].join(" / "),
    within: Number.isFinite(medianMs) && medianMs <= GOAL_MS,
    runsOver: times.filter((ms) => ms > GOAL_MS).length,
    jsBeforeTapKb: formatKb(median(results.map((result) => result.jsBeforeTap))),
    touchesBefore: Math.max(...results.map((result) => result.touchesBefore ?? 0)),
    otherInputBefore: Math.max(...results.map((result) => (result.keysBefore ?? 0) + (result.focusChangesBefore ?? 0))),
    tapAfterLoadMs: formatMs(median(results.map((result) => result.tapAfterLoadMs ?? Infinity))),
    scrolledByBench: results.some((result) => result.scrolledByBench),
  };
}

/** Prints a row's two scenarios, once the runs of its call to action are done. */
export function printRow(row) {
  console.log(`${row.page} · ${row.label}`);
  for (const scenario of SCENARIOS) {
    const sum = summary(row[scenario.key]);
    console.log(
      `  ${scenario.title.padEnd(13)} median ${formatMs(sum.medianMs).padStart(5)} ms ${sum.within ? "✓" : "✗"} goal ≤ ${GOAL_MS} ms  ${sum.outcome}  (runs ${sum.runs.join(", ")}; tap ${sum.tapAfterLoadMs} ms after load, ${sum.touchesBefore} touches and ${sum.otherInputBefore} key presses or focus changes before it${sum.scrolledByBench ? ", scrolled to by the bench" : ""}, ${sum.jsBeforeTapKb} KB JS before it)`,
    );
  }
}

/**
 * Prints the totals and writes docs/benchmarks/first-tap.md. `rows`: row key → { page, label,
 * untouched: results[], touched: results[] }; `jsBeforeFirstTouchByPage`: page → bytes of
 * JavaScript downloaded before the first touch, every untouched run.
 */
export function writeReport({ root, runs, loadBefore, rows, jsBeforeFirstTouchByPage }) {
  const allRows = [...rows.values()];
  const summaries = allRows.flatMap((row) => SCENARIOS.map((scenario) => summary(row[scenario.key])));
  const allWithin = summaries.length > 0 && summaries.every((sum) => sum.within);
  const runsOver = summaries.reduce((sum, row) => sum + row.runsOver, 0);
  const runCount = allRows.reduce((sum, row) => sum + row.untouched.length + row.touched.length, 0);

  /** What the untouched runs of a page downloaded before the tap: most runs show the same figure. */
  const jsBeforeFirstTouchText = (bytes) =>
    `${formatKb(Math.max(...bytes))} KB at most in ${bytes.length} runs (median ${formatKb(median(bytes))} KB)`;
  console.log("\nJavaScript downloaded before the first touch (untouched runs):");
  for (const [page, bytes] of jsBeforeFirstTouchByPage) {
    console.log(`  ${page.padEnd(14)} ${jsBeforeFirstTouchText(bytes)}`);
  }
  console.log(
    `\nall within 1.0 s: ${allWithin ? "yes" : "no"} (${summaries.length} medians: ${allRows.length} rows × ${SCENARIOS.length} scenarios; ${runsOver} of ${runCount} runs over ${GOAL_MS} ms)`,
  );

  const table = [
    "| Page | Call to action | Untouched: median (ms) | runs (ms) | what it did | JS before the tap (KB) | Touched first: median (ms) | runs (ms) | what it did | JS before the tap (KB) |",
    "| --- | --- | ---: | --- | --- | ---: | ---: | --- | --- | ---: |",
    ...allRows.map((row) => {
      const untouched = summary(row.untouched);
      const touched = summary(row.touched);
      const cell = (sum) => `${formatMs(sum.medianMs)} ${sum.within ? "✓" : "✗"}`;
      return `| \`${row.page}\` | ${row.label.replaceAll("|", "\\|")} | ${cell(untouched)} | ${untouched.runs.join(", ")} | ${untouched.outcome} | ${untouched.jsBeforeTapKb} | ${cell(touched)} | ${touched.runs.join(", ")} | ${touched.outcome} | ${touched.jsBeforeTapKb} |`;
    }),
  ].join("\n");
  const pagesTable = [
    "| Page | JS downloaded before the first touch, untouched runs |",
    "| --- | --- |",
    ...[...jsBeforeFirstTouchByPage].map(([page, bytes]) => `| \`${page}\` | ${jsBeforeFirstTouchText(bytes)} |`),
  ].join("\n");
  const inputBeforeText =
    allRows
      .filter((row) => row.untouched.some((result) => result.touchesBefore || result.keysBefore || result.focusChangesBefore))
      .map((row) => {
        const sum = summary(row.untouched);
        return `${row.page} ${row.label}: up to ${sum.touchesBefore} touches and ${sum.otherInputBefore} key presses or focus changes`;
      })
      .join("; ") || "none";
  const report = `# First tap on a slow phone

Measured with \`npm run bench:first-tap\` on ${new Date().toISOString().slice(0, 10)}: the time from a new visitor's tap on each
call to action of the public pages to the first frame that shows what it does (goal ≤ ${GOAL_MS} ms, ✓ / ✗ beside each
median). The phone: 412×915 at 2.625, touch, a mobile user agent, 150 ms latency, 1.6 Mbps down and 750 Kbps up, the
CPU 4× slower (DevTools protocol), a fresh browser context per run (cold cache, no cookies); Debian's Chromium, the
production build served by \`node server.js\` on an empty embedded database; ${runs} runs per call to action and scenario.

- **Untouched**: the page gets no input until the tap, ${UNTOUCHED_TAP_AFTER_LOAD_MS / 1000} s after its \`load\` event (a call to action
  below the first screen is brought into view from script, which is not a touch).
- **Touched first**: a tap on the page's heading ${FIRST_TOUCH_AFTER_LOAD_MS / 1000} s after \`load\` (a reader's scroll starts with a
  touch, which starts the app's download, decision 011), then the tap on the call to action ${TOUCHED_TAP_AFTER_LOAD_MS / 1000} s after \`load\`.

What it did: *dialog* (a dialog shown with the focus in it), *menu* (the mobile menu shown), *scroll* (the in-page
target's top in the upper half of the screen), *page* (a new document: to its first contentful paint, with its address).
The header's offer button is hidden at 412 px, so its rows are the menu's opening and the offer in the open menu (tapped
${MENU_READING_MS / 1000} s after the menu showed), each timed from its own tap. Load average (1 / 5 / 15 min) before the runs
${loadBefore}, after ${loadAverage()}.

All within 1.0 s (every median): **${allWithin ? "yes" : "no"}** (${runsOver} of ${runCount} runs over ${GOAL_MS} ms).

${table}

Input the page saw before the tap, in the untouched runs: ${inputBeforeText}.

A phone that only reads downloads no JavaScript:

${pagesTable}
`;
  fs.mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
  fs.writeFileSync(path.join(root, "docs/benchmarks/first-tap.md"), report);
  console.log("Written to docs/benchmarks/first-tap.md");
}
