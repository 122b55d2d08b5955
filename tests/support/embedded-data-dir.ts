import { lockDataDir } from "~/db/data-dir-lock.server";
import { openEmbeddedDatabase } from "~/db/embedded-database.server";
import { setCurrentDatabase } from "~/db/connection.server";
import { composeDomainEvents } from "~/domain-event-handlers.server";
import { seedReferenceData } from "~/reference-data.server";

/**
 * Runs `change` with the embedded database of `dataDir` as the current database, in this process,
 * as a command-line script (`npm run seed:demo`) would: domain events composed, DATA_DIR locked, the reference data seeded,
 * then everything closed. No app may hold the directory meanwhile (PGlite serves one process).
 */
export async function onEmbeddedDatabase<T>(dataDir: string, change: () => Promise<T>): Promise<T> {
  composeDomainEvents();
  const lock = lockDataDir(dataDir);
  try {
    const database = await openEmbeddedDatabase(dataDir);
    try {
      setCurrentDatabase(database);
      await seedReferenceData();
      return await change();
    } finally {
      setCurrentDatabase(undefined);
      await database.close();
    }
  } finally {
    lock.release();
  }
}
