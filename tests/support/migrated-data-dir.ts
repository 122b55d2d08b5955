import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory whose embedded database is migrated, made once per run (global setup). */
    migratedDataDir?: string;
  }
}

/** PGlite's folder inside a data directory (embeddedDatabaseDirectory, which imports the database code). */
const DATABASE_FOLDER = "pgdata";

/**
 * A data directory with its embedded database created and migrated, for a global setup to make
 * once and provide as `migratedDataDir`: PGlite's initdb and the migrations take seconds, once per
 * app start before. `dump`: the same database dumped, for in-memory copies (openMemoryDatabase).
 * `remove()` deletes the directory when the run ends.
 */
export async function makeMigratedDataDir(): Promise<{ dataDir: string; dump: Blob; remove(): void }> {
  // Imported here: the test files that copy the database need none of the database code.
  const { openEmbeddedDatabase } = await import("~/db/embedded-database.server");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-migrated-"));
  const database = await openEmbeddedDatabase(dataDir);
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  return { dataDir, dump, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Puts a copy of the run's migrated database into `dataDir` (an empty data directory), when the
 * run made one: the app (or a seed) then starts on it as on a data directory it had migrated itself.
 */
export function copyMigratedDatabase(dataDir: string): void {
  const migrated = inject("migratedDataDir");
  if (!migrated) return;
  fs.cpSync(path.join(migrated, DATABASE_FOLDER), path.join(dataDir, DATABASE_FOLDER), { recursive: true });
}
