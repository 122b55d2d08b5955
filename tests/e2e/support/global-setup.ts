import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { makeMigratedDataDir } from "../../support/migrated-data-dir";
import { launchBrowserServer } from "./browser";
import { markTonightsBackupMade } from "./tonights-backup";

/**
 * The browser tests run the production build, as `npm start` does; each app starts on a copy of one
 * database migrated here (tonight's backup recorded as made), not on an empty one it would create
 * and migrate itself. One Chromium serves every file: each connects to it, and its contexts close
 * when the file disconnects.
 */
export default async function setup(project: TestProject) {
  buildIfStale(path.resolve("."));
  const [migrated, chromium] = await Promise.all([makeMigratedDataDir(), launchBrowserServer()]);
  await markTonightsBackupMade(migrated.dataDir);
  project.provide("migratedDataDir", migrated.dataDir);
  project.provide("browserEndpoint", chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    migrated.remove();
  };
}
