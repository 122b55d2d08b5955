import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * One `node server.js` on the production build, as `npm start` (or one worker of start:cluster) runs
 * it; or another script that serves the build, such as bench/bare-listener.mjs.
 */
export type AppProcess = {
  name: string;
  port: number;
  url: string;
  pid(): number | undefined;
  output(): string;
  /** Whether the process runs (it neither exited nor was killed since its last start). */
  running(): boolean;
  /** SIGKILL: no shutdown at all, as the kernel's OOM killer or a pulled plug does. */
  kill(): Promise<void>;
  /** A new process with the same port and environment (after kill or stop). */
  restart(): Promise<void>;
  /** SIGTERM, and waits for the process to exit; answers its exit code (null: it was killed by a signal). */
  stop(): Promise<number | null>;
};

const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 180_000);

/** The script to run (from the project folder, or `cwd`: another checkout's build) and the line it prints once it listens. */
type Script = { file: string; readyLine: string; cwd?: string };
const SERVER: Script = { file: "server.js", readyLine: "ready at" };

export async function startAppProcess(name: string, port: number, environment: Record<string, string>, script: Script = SERVER): Promise<AppProcess> {
  let child: ChildProcess | undefined;
  let output = "";
  async function launch() {
    const started = spawn(process.execPath, [script.file], {
      cwd: script.cwd ?? root,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    const before = output.length;
    started.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!output.slice(before).includes(script.readyLine)) {
      if (started.exitCode !== null) throw new Error(`App process ${name} exited (${started.exitCode}):\n${output.slice(before)}`);
      if (Date.now() > deadline) {
        started.kill("SIGKILL");
        throw new Error(`App process ${name} did not start in time:\n${output.slice(before)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  async function end(signal: NodeJS.Signals): Promise<number | null> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return running?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => running.once("exit", (code) => resolve(code)));
    running.kill(signal);
    return exited;
  }
  await launch();
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: () => child?.pid,
    output: () => output,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    kill: async () => void (await end("SIGKILL")),
    restart: launch,
    stop: () => end("SIGTERM"),
  };
}
