// `npm run worker`: build when the sources changed since the last build, then run the background
// jobs alone (worker.js), beside web processes started with JOBS=off.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareToServe } from "./build-if-stale.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
prepareToServe(root);
await import("../worker.js");
