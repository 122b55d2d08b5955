import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { makeMigratedDataDir } from "../../support/migrated-data-dir";

/**
 * The browser tests run the production build, as `npm start` does; each app starts on a copy of one
 * database migrated here, not on an empty one it would create and migrate itself.
 */
export default async function setup(project: TestProject) {
  buildIfStale(path.resolve("."));
  const migrated = await makeMigratedDataDir();
  project.provide("migratedDataDir", migrated.dataDir);
  return () => migrated.remove();
}
