// `npm start`: build when the sources changed since the last build, then serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const inputs = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const stampFile = path.join(root, "build", ".built-at");

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(stampFile) ? Number(fs.readFileSync(stampFile, "utf8")) : 0;
const changedAt = Math.max(...inputs.map(newestChange));
if (changedAt > builtAt || !fs.existsSync("build/server/index.js")) {
  console.log("Building the app (only when its sources changed)…");
  const started = Date.now();
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, String(Date.now()));
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

process.env.NODE_ENV ??= "production";
await import("../server.js");
