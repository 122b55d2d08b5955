// The table `npm run bench:load` ends its comparison with: ours against bare, page by page, and the goals.
import { median } from "../support/figures.mjs";
import { concurrency, rounds } from "./options";
import type { Row } from "./side-by-side";
import type { Window } from "./windows";

function range(numbers: number[], digits: number): string {
  const low = Math.min(...numbers).toFixed(digits);
  const high = Math.max(...numbers).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
}

/** Prints the comparison's table: medians over the windows, with their range, and each page's goals. */
export function printComparison(rows: Row[]): void {
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
  const withBefore = rows.filter((row) => row.before.length > 0);
  if (withBefore.length === 0) return;
  const cell = (windows: Window[], pick: (window: Window) => number | null, digits: number, unit = "") =>
    windows.every((window) => pick(window) !== null)
      ? `${median(windows.map((window) => pick(window) ?? 0)).toFixed(digits)}${unit} (${range(windows.map((window) => pick(window) ?? 0), digits)})`
      : "n/a";
  console.log("\nBefore (--before) and after, in the same alternating windows:");
  console.log("| page | CPU/request before | CPU/request ours | CPU/request bare | p95 before | p95 ours | p95 bare | req/s before | req/s ours | req/s bare |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const row of withBefore) {
    const columns = (pick: (window: Window) => number | null, digits: number, unit = "") => [row.before, row.ours, row.bare].map((windows) => cell(windows, pick, digits, unit)).join(" | ");
    console.log(`| ${row.page} | ${columns((w) => w.serverCpuMs, 2, " ms")} | ${columns((w) => w.p95, 1, " ms")} | ${columns((w) => w.rps, 0)} |`);
  }
}
