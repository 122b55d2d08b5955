// `npm test`: every suite. One vitest run of three projects (vitest.config.ts): the unit tests, the
// integration files on the embedded PGlite and, when TEST_DATABASE_URL is set, those about what
// PostgreSQL does differently on it; then the browser tests in Chromium (decision 036 says why the
// browser run comes after, not beside), then a line per run. Beside the first run, at a low
// priority, a process makes the browser run's data (its migrated database and scenes), which its
// global setup would otherwise make while both cores wait.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";

const vitest = ["node_modules/vitest/vitest.mjs", "run"];
const databases = process.env.TEST_DATABASE_URL ? "PGlite and PostgreSQL" : "PGlite";
const runs = [
  { name: `unit and integration (${databases})`, args: [...vitest] },
  { name: "browser (Chromium)", args: [...vitest, "--config", "vitest.e2e.config.ts"] },
];

const extra = process.argv.slice(2);
const startedAt = Date.now();
const browserData = prepareBrowserDataBeside();
// One build before the runs (the browser run and the process tests need it).
buildIfStale(process.cwd());
// Each run also writes a JSON report, so that its failures are repeated at the very end, where
// a CI log cut to its last lines still shows them.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "agency-test-reports-"));
const results = [];
for (const [index, run] of runs.entries()) {
  console.log(`\n=== ${run.name} ===`);
  const runStartedAt = Date.now();
  const report = path.join(reports, `run-${index}.json`);
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const env = index === 0 ? process.env : { ...process.env, ...(await browserData.ready) };
  const result = spawnSync(process.execPath, [...run.args, ...reporters, ...extra], { stdio: "inherit", env });
  const seconds = Math.round((Date.now() - runStartedAt) / 1000);
  const passed = result.status === 0;
  console.log(`=== ${run.name}: ${passed ? "passed" : "FAILED"} (${seconds} s) ===`);
  results.push({ run, passed, seconds, failures: passed ? [] : failuresIn(report) });
}
console.log("");
for (const { run, failures } of results) {
  for (const failure of failures) console.log(`FAILED in ${run.name}: ${failure}`);
}
for (const { run, passed, seconds } of results) console.log(`${passed ? "passed" : "FAILED"}  ${run.name}  ${seconds} s`);
const failed = results.filter((result) => !result.passed).length;
const total = Math.round((Date.now() - startedAt) / 1000);
console.log(failed === 0 ? `\nAll test runs passed in ${total} s.` : `\n${failed} test run(s) failed (${total} s).`);
fs.rmSync(reports, { recursive: true, force: true });
browserData.remove();
process.exit(failed === 0 ? 0 : 1);

/**
 * Starts tests/e2e/support/prepare-browser-data.ts in a folder of its own, at a low priority (it
 * takes what the first run leaves of the CPU). `ready`: the environment that hands its data to the
 * browser run, or nothing when it failed (its output is shown, and the browser run makes the data).
 */
function prepareBrowserDataBeside() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "agency-browser-data-"));
  // Its output goes to a file: a pipe would fill while this process waits on the first run.
  const log = path.join(folder, "output.log");
  const output = fs.openSync(log, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/support/prepare-browser-data.ts", folder], {
    env: { ...process.env, TMPDIR: folder, NODE_ENV: "test" },
    stdio: ["ignore", output, output],
  });
  fs.closeSync(output);
  if (child.pid !== undefined) os.setPriority(child.pid, 19);
  const ready = new Promise((resolve) => {
    child.on("error", () => resolve({}));
    child.on("exit", (code) => {
      if (code === 0) return resolve({ BROWSER_DATA_DIR: folder });
      console.log(`The browser run's data could not be made beforehand (exit ${code}); its global setup makes it:\n${fs.readFileSync(log, "utf8")}`);
      resolve({});
    });
  });
  return { ready, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** A run's failed files and tests, each with the first lines of its message, from its JSON report. */
function failuresIn(report) {
  if (!fs.existsSync(report)) return ["(no report: the run ended before writing one)"];
  const firstLines = (text) => String(text ?? "").split("\n").slice(0, 6).join("\n    ");
  const { testResults = [] } = JSON.parse(fs.readFileSync(report, "utf8"));
  const failures = testResults.flatMap((file) => {
    const name = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (tests.length === 0) return file.status === "failed" ? [`${name}\n    ${firstLines(file.message)}`] : [];
    return tests.map((test) => `${name} > ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`);
  });
  return failures.length > 0 ? failures : ["(no failed test in its report: an error outside the tests, above)"];
}
