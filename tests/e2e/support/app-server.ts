import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { freePort } from "../../../scripts/free-port.mjs";
import os from "node:os";
import path from "node:path";
import { copyMigratedDatabase } from "../../support/migrated-data-dir";

export const E2E_ADMIN = { email: "owner@sistersite.test", password: "e2e-admin-password" };

export type AppServer = {
  url: string;
  dataDir: string;
  /** The running process (a new one after `whileStopped`). */
  readonly process: ChildProcess;
  output(): string;
  /**
   * Stops the app, keeping its data, runs `change` (a seed on the data directory: PGlite lets one
   * process hold it), then starts it again on the same port and data, so a browser's cookies and
   * the links in sent mail still point at it.
   */
  whileStopped(change: (dataDir: string) => void | Promise<void>): Promise<void>;
  stop(): Promise<void>;
};

type RunningApp = { child: ChildProcess; output(): string; stop(): Promise<void> };

/**
 * Runs the built app as `npm start` does (plain node on the build), on its own
 * port (or PORT) and new data directory (holding a copy of the run's migrated database, when there
 * is one; or DATA_DIR), with the given extra environment.
 */
export async function startAppServer(environment: Record<string, string> = {}): Promise<AppServer> {
  const port = environment.PORT ?? String(await freePort());
  const ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-e2e-"));
  if (!environment.DATA_DIR && !environment.DATABASE_URL) copyMigratedDatabase(ownDataDir);
  const dataDir = environment.DATA_DIR ?? ownDataDir;
  const processEnvironment = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: ownDataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...environment,
    PORT: port,
  };
  let running = await runApp(processEnvironment);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    get process() {
      return running.child;
    },
    output: () => running.output(),
    async whileStopped(change) {
      await running.stop();
      await change(dataDir);
      running = await runApp(processEnvironment);
    },
    async stop() {
      await running.stop();
      fs.rmSync(ownDataDir, { recursive: true, force: true });
      // A scene's directory goes with the app that ran on it.
      if (environment.DATA_DIR && seededDataDirs.has(environment.DATA_DIR)) fs.rmSync(environment.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** Starts `node server.js` and waits until it says it is ready; a start that fails stops the process, leaving no orphan. */
async function runApp(environment: NodeJS.ProcessEnv): Promise<RunningApp> {
  const child = spawn(process.execPath, ["server.js"], { cwd: path.resolve("."), env: environment, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Generous: on a loaded machine (several builds and browsers at once) a cold start with its
  // migrations has taken over a minute.
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
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const seededDataDirs = new Set<string>();

/** Marks a data directory made for one app (a copy of a scene): it is removed when that app stops. */
export function removedWithItsApp(dataDir: string): void {
  seededDataDirs.add(dataDir);
}

/** Signs in through the auth API (not the form) and answers the session's cookies. */
export async function signInCookies(appUrl: string, account: { email: string; password: string } = E2E_ADMIN): Promise<{ name: string; value: string }[]> {
  const signIn = () =>
    fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: appUrl },
      body: JSON.stringify(account),
    });
  let response = await signIn();
  // Sign-in is rate-limited per address (a few a window): a test that signs in several accounts
  // at once waits the window out, as a person would, instead of failing.
  for (let attempt = 0; response.status === 429 && attempt < 3; attempt += 1) {
    const wait = Number(response.headers.get("Retry-After") ?? "10");
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(wait) && wait > 0 ? wait : 10) * 1000 + 250));
    response = await signIn();
  }
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((line) => {
    const [pair] = line.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    return { name: name ?? "", value: value.join("=") };
  });
}

/** The Cookie header of a signed-in session, for requests made with fetch. */
export async function signedInCookieHeader(appUrl: string, account: { email: string; password: string } = E2E_ADMIN): Promise<string> {
  return (await signInCookies(appUrl, account)).map(({ name, value }) => `${name}=${value}`).join("; ");
}

/**
 * Gives the password again for this session ('Confirm it's you', decision 029): the downloads and
 * restores of the Data tab are allowed for the next 5 minutes.
 */
export async function confirmItsYou(appUrl: string, cookie: string, password: string = E2E_ADMIN.password): Promise<void> {
  const response = await fetch(`${appUrl}/admin/confirm`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "confirm-identity", password, returnTo: "/admin/settings/data" }),
  });
  if (response.status !== 302) throw new Error(`Confirming the password failed: ${response.status} ${await response.text()}`);
}
