import path from "node:path";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";

/** The browser tests run the production build, as `npm start` does. */
export default function setup() {
  buildIfStale(path.resolve("."));
}
