// `npm test`: every suite. Unit and database suites on the embedded PGlite, again on
// PostgreSQL when TEST_DATABASE_URL is set, then the browser tests in Chromium: one run after
// the other (decision 036 says why not side by side on two cores), then a line per run.
import { spawnSync } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

const vitest = ["node_modules/vitest/vitest.mjs", "run"];
const runs = [{ name: "unit and integration (PGlite)", args: [...vitest], env: { TEST_DB_KIND: "embedded" } }];
if (process.env.TEST_DATABASE_URL) {
  runs.push({ name: "unit and integration (PostgreSQL)", args: [...vitest], env: { TEST_DB_KIND: "server" } });
}
runs.push({ name: "browser (Chromium)", args: [...vitest, "--config", "vitest.e2e.config.ts"], env: {} });

const extra = process.argv.slice(2);
const startedAt = Date.now();
// One build before the runs (the browser run and the process tests need it).
buildIfStale(process.cwd());
const results = [];
for (const run of runs) {
  console.log(`\n=== ${run.name} ===`);
  const runStartedAt = Date.now();
  const result = spawnSync(process.execPath, [...run.args, ...extra], { stdio: "inherit", env: { ...process.env, ...run.env } });
  const seconds = Math.round((Date.now() - runStartedAt) / 1000);
  const passed = result.status === 0;
  console.log(`=== ${run.name}: ${passed ? "passed" : "FAILED"} (${seconds} s) ===`);
  results.push({ run, passed, seconds });
}
console.log("");
for (const { run, passed, seconds } of results) console.log(`${passed ? "passed" : "FAILED"}  ${run.name}  ${seconds} s`);
const failed = results.filter((result) => !result.passed).length;
const total = Math.round((Date.now() - startedAt) / 1000);
console.log(failed === 0 ? `\nAll test runs passed in ${total} s.` : `\n${failed} test run(s) failed (${total} s).`);
process.exit(failed === 0 ? 0 : 1);
