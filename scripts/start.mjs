// `npm start`: build when the sources changed since the last build, then serve.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
try {
  buildIfStale(root);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
await import("../server.js");
