import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { freePort } from "../../../scripts/free-port.mjs";
import os from "node:os";
import path from "node:path";

export const E2E_ADMIN = { email: "owner@sistersite.test", password: "e2e-admin-password" };

export type AppServer = { url: string; dataDir: string; process: ChildProcess; output(): string; stop(): Promise<void> };


/**
 * Runs the built app as `npm start` does (plain node on the build), on its own
 * port and empty data directory, with the given extra environment.
 */
export async function startAppServer(environment: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-e2e-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve("."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Generous: on a loaded machine (several builds and browsers at once) a cold start with its
  // migrations has taken over a minute. A start that fails stops the process, leaving no orphan.
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 180_000);
  while (!output.includes("ready at")) {
    if (child.exitCode !== null) throw new Error(`The app exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`The app did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
