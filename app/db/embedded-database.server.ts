import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Database, type DatabaseHandle } from "./connection.server";

// The embedded database: PGlite in DATA_DIR (or in memory, for tests), one connection in process.

/** Where PGlite keeps its files inside DATA_DIR. */
export function embeddedDatabaseDirectory(dataDir: string): string {
  return path.join(dataDir, "pgdata");
}

/** The database a restore set aside (the one before it; the next restore replaces it). */
export function preRestoreDirectory(dataDir: string): string {
  return `${embeddedDatabaseDirectory(dataDir)}.before-restore`;
}

/**
 * Opens PGlite in `dataDir` (or in `directory`, a restore's staging place, where a backup was
 * unpacked); the caller holds the data directory lock.
 */
export async function openEmbeddedDatabase(dataDir: string, options: { directory?: string } = {}): Promise<DatabaseHandle> {
  const directory = options.directory ?? embeddedDatabaseDirectory(dataDir);
  const client = await PGlite.create(directory, { extensions: { pg_trgm, citext }, startParams: EMBEDDED_START_PARAMETERS });
  return embeddedHandle(client, path.join(directory, "pg_wal"));
}

/**
 * PGlite's own start parameters, and WAL segments deleted rather than recycled: a recycled segment
 * keeps its old bytes until they are overwritten, and an erased person's rows would live on in it
 * (and in every backup that copies it).
 */
const EMBEDDED_START_PARAMETERS = [...PGlite.defaultStartParams, "-c", "wal_recycle=off"];

/** An in-memory PGlite (tests), optionally loaded from a dumped data directory. */
export async function openMemoryDatabase(loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  const client = await PGlite.create({ extensions: { pg_trgm, citext }, loadDataDir, startParams: EMBEDDED_START_PARAMETERS });
  return embeddedHandle(client);
}

/** A WAL segment's file name: timeline, log and segment, 24 hexadecimal digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

function embeddedHandle(client: PGlite, walDirectory?: string): DatabaseHandle {
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: "embedded",
    migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
    async listen(channel, listener) {
      const stop = await client.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening();
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dump: () => client.dumpDataDir("none"),
    async reclaimErasedRows(tables) {
      // Rewritten tables keep no dead row versions (VACUUM leaves their bytes in the page);
      // statistics sampled before are sampled again, and their old rows go too.
      for (const table of tables) await client.exec(`VACUUM (FULL, ANALYZE) "${table.replace(/"/g, '""')}"`);
      await client.exec("VACUUM FULL pg_catalog.pg_statistic");
      // The WAL that wrote the old rows is no longer needed once a checkpoint follows a new segment:
      // the checkpoint deletes it (wal_recycle=off).
      await client.exec("SELECT pg_switch_wal()");
      await client.exec("CHECKPOINT");
      if (!walDirectory) return;
      // Segments recycled ahead of use by a version before wal_recycle=off still hold old bytes;
      // PostgreSQL makes a new, zero-filled one when it reaches a missing segment.
      const { rows } = await client.query<{ current: string }>("SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS current");
      const current = rows[0]?.current ?? "";
      for (const name of await fs.promises.readdir(walDirectory)) {
        if (WAL_SEGMENT.test(name) && name > current) await fs.promises.rm(path.join(walDirectory, name), { force: true });
      }
    },
  };
}
