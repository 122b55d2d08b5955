// `npm test`: every suite. Unit and database suites on the embedded PGlite, again on
// PostgreSQL when TEST_DATABASE_URL is set, and the browser tests in Chromium: the runs side by
// side (decision 036), each one's output printed whole when it ends, then a line per run.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

const vitest = ["node_modules/vitest/vitest.mjs", "run"];
// Workers per run, chosen for a 2-core machine with the three runs at once: one for each database
// run (each fills the other's waits), two for the browser run, the longest, which waits most on
// Chromium, its app servers and timers (TEST_WORKERS=N overrides every run's count).
const workers = (count) => ["--maxWorkers", process.env.TEST_WORKERS ?? String(count)];
const runs = [{ name: "unit and integration (PGlite)", args: [...vitest, ...workers(1)], env: { TEST_DB_KIND: "embedded" } }];
if (process.env.TEST_DATABASE_URL) {
  runs.push({ name: "unit and integration (PostgreSQL)", args: [...vitest, ...workers(1)], env: { TEST_DB_KIND: "server" } });
}
runs.push({ name: "browser (Chromium)", args: [...vitest, "--config", "vitest.e2e.config.ts", ...workers(2)], env: {} });

const extra = process.argv.slice(2);

/** Runs one suite with its output kept, and answers whether it passed, its output and its seconds. */
function start(run) {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...run.args, ...extra], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...run.env },
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      const passed = code === 0;
      console.log(`\n=== ${run.name} (${seconds} s) ===`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${run.name}: ${passed ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} ===`);
      resolve({ run, passed, seconds });
    });
  });
}

// One build before the runs start (the browser run and the process tests need it), not one per run racing for its lock.
const startedAt = Date.now();
buildIfStale(process.cwd());
console.log(`Running ${runs.map((run) => run.name).join(", ")} side by side…`);
const results = await Promise.all(runs.map(start));
console.log("");
for (const { run, passed, seconds } of results) console.log(`${passed ? "passed" : "FAILED"}  ${run.name}  ${seconds} s`);
const failed = results.filter((result) => !result.passed).length;
const total = Math.round((Date.now() - startedAt) / 1000);
console.log(failed === 0 ? `\nAll test runs passed in ${total} s.` : `\n${failed} test run(s) failed (${total} s).`);
process.exit(failed === 0 ? 0 : 1);
