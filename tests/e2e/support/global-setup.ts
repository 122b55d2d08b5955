import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { launchBrowserServer } from "./browser";
import { prepareBrowserData, readBrowserData } from "./browser-data";

/**
 * The browser tests run the production build, as `npm start` does; each app starts on a copy of one
 * database migrated for the run, or of a scene written into a copy of it (browser-data.ts), not on
 * an empty one it would create and migrate itself. `npm test` has that data made while the database
 * suites run (BROWSER_DATA_DIR); a browser run on its own makes it here. One Chromium serves every
 * file: each connects to it, and its contexts close when the file disconnects.
 */
export default async function setup(project: TestProject) {
  buildIfStale(path.resolve("."));
  // Made before by npm test, which removes it with its folder; or made here, and removed here.
  const madeBefore = readBrowserData(process.env.BROWSER_DATA_DIR);
  const [data, chromium] = await Promise.all([madeBefore ? { ...madeBefore, remove: () => undefined } : prepareBrowserData(), launchBrowserServer()]);
  project.provide("migratedDataDir", data.migratedDataDir);
  project.provide("browserEndpoint", chromium.wsEndpoint());
  project.provide("scenes", data.scenes);
  project.provide("marketingOrigin", data.marketingOrigin);
  return async () => {
    await chromium.close();
    data.remove();
  };
}
