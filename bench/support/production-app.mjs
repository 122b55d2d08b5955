// The production build served by `node server.js` on an empty embedded database and a free port,
// for the browser benchmarks (bench:lighthouse, bench:first-tap).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.mjs";

/** @param {string} root the project folder (already built) */
export async function startProductionApp(root) {
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
  // Generous: on a loaded machine a cold start (the embedded database, its migrations) takes over a minute.
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 180_000);
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
