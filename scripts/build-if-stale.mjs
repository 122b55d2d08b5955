// Builds the app when its sources changed since the last build (npm start and the browser tests share this).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const inputs = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/** @param {string} root the project folder */
function isStale(root) {
  const stampFile = path.join(root, "build", ".built-at");
  const builtAt = fs.existsSync(stampFile) ? Number(fs.readFileSync(stampFile, "utf8")) : 0;
  const changedAt = Math.max(...inputs.map((entry) => newestChange(path.join(root, entry))));
  const entries = ["build/server/index.js", "build/server/jobs.js"];
  return changedAt > builtAt || !entries.every((entry) => fs.existsSync(path.join(root, entry)));
}

/** A build that takes longer than this was cut short (its process killed): its lock no longer holds. */
const BUILD_LOCK_STALE_MS = 10 * 60_000;

/**
 * One build at a time per folder: test files that start the built app call this at once, and a
 * second build would empty build/ under the processes the first one's caller has started.
 * The lock is a directory (made atomically); a caller that finds it waits, then checks again.
 * @param {string} root the project folder
 */
function withBuildLock(root, action) {
  const lock = path.join(root, ".build-lock");
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error?.code !== "EEXIST") throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > BUILD_LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    return action();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** @param {string} root the project folder */
export function buildIfStale(root) {
  if (!isStale(root)) return false;
  return withBuildLock(root, () => {
    // Another caller may have built while this one waited.
    if (!isStale(root)) return false;
    console.log("Building the app (only when its sources changed)…");
    const started = Date.now();
    const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      cwd: root,
      // Always the production build: the test runner sets NODE_ENV=test, which would otherwise give
      // React's development build (three times the JavaScript) to the tests and to a later `npm start`.
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`The build failed (exit ${result.status})`);
    fs.writeFileSync(path.join(root, "build", ".built-at"), String(Date.now()));
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return true;
  });
}

/**
 * What `npm start` and `npm run start:cluster` do before serving: work from the project's folder,
 * build if stale (a failed build stops the start with its message), serve in production mode.
 */
export function prepareToServe(root) {
  process.chdir(root);
  try {
    buildIfStale(root);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  process.env.NODE_ENV ??= "production";
}
