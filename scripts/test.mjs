// `npm test`: every suite. Unit and database suites on the embedded PGlite, again on
// PostgreSQL when TEST_DATABASE_URL is set, then the browser tests in Chromium.
import { spawnSync } from "node:child_process";

const vitest = ["node_modules/vitest/vitest.mjs", "run"];
const runs = [{ name: "unit and integration (PGlite)", args: [...vitest], env: { TEST_DB_KIND: "embedded" } }];
if (process.env.TEST_DATABASE_URL) {
  runs.push({ name: "unit and integration (PostgreSQL)", args: [...vitest], env: { TEST_DB_KIND: "server" } });
}
runs.push({ name: "browser (Chromium)", args: [...vitest, "--config", "vitest.e2e.config.ts"], env: {} });

const extra = process.argv.slice(2);
let failed = 0;
for (const run of runs) {
  console.log(`\n=== ${run.name} ===`);
  const result = spawnSync(process.execPath, [...run.args, ...extra], {
    stdio: "inherit",
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) {
    failed += 1;
    console.log(`=== ${run.name}: FAILED ===`);
  }
}
console.log(failed === 0 ? "\nAll test runs passed." : `\n${failed} test run(s) failed.`);
process.exit(failed === 0 ? 0 : 1);
