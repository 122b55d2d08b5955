import fs from "node:fs";
import { sql } from "drizzle-orm";
import { ensureFirstAdmin, type FirstAdmin } from "~/auth/first-admin.server";
import { config } from "~/config.server";
import {
  embeddedDatabaseDirectory,
  openEmbeddedDatabase,
  openServerDatabase,
  setCurrentDatabase,
  type DatabaseHandle,
} from "~/db/connection.server";
import { dataDirHolder, DataDirLockedError, lockDataDir, type DataDirLock } from "~/db/data-dir-lock.server";
import { seedReferenceData } from "~/reference-data.server";
import { startBackgroundWorker, type BackgroundWorker } from "~/jobs/background-worker.server";
import { setLogLevel } from "~/logging/logger.server";

type Running = { database: DatabaseHandle; lock: DataDirLock | undefined; worker?: BackgroundWorker };
let running: Running | undefined;

export type StartReport = { port: number; publicUrl: string; storage: string; firstAdmin: FirstAdmin | null; shutdownTimeoutMs: number };

/**
 * Opens the configured database as the current one (locking DATA_DIR when embedded),
 * migrates and seeds it. The app and the command-line scripts (admin, seed:demo) share it.
 */
export async function openStorage(): Promise<{ storage: string }> {
  const settings = config();
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle;
  if (settings.databaseUrl) {
    database = openServerDatabase(settings.databaseUrl);
  } else {
    lock = lockDataDir(settings.dataDir);
    try {
      database = await openEmbeddedDatabase(settings.dataDir);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  running = { database, lock };
  setCurrentDatabase(database);
  await database.migrate();
  await seedReferenceData();
  const storage = settings.databaseUrl
    ? `PostgreSQL (${new URL(settings.databaseUrl).host})`
    : `embedded PGlite in ${settings.dataDir}`;
  return { storage };
}

/** Boot: validate configuration, open, migrate and seed the database, make the first admin, start the worker. */
export async function startApplication(): Promise<StartReport> {
  const settings = config();
  setLogLevel(settings.logLevel);
  const { storage } = await openStorage();
  const firstAdmin = await ensureFirstAdmin();
  if (running) running.worker = startBackgroundWorker();
  return { port: settings.port, publicUrl: settings.publicUrl, storage, firstAdmin, shutdownTimeoutMs: settings.shutdownTimeoutMs };
}

/**
 * The first step of a stop (server.js, on SIGTERM): the worker starts nothing new, while requests
 * in flight still have the database. Resolves when its running turns are done.
 */
export async function stopBackgroundWork(): Promise<void> {
  await running?.worker?.stop();
}

/** The last step of a stop: the worker's turns finished, the database closed, DATA_DIR's lock released. */
export async function stopApplication(): Promise<void> {
  if (!running) return;
  const { database, lock, worker } = running;
  running = undefined;
  await worker?.stop();
  await database.close();
  setCurrentDatabase(undefined);
  lock?.release();
}

export class BackupRefusedError extends Error {}

/**
 * Replaces the embedded database with a backup (a PGlite data-directory dump), in this running
 * process (docs/decisions/024-settings-data-backup-and-test-email.md):
 * 1. refuse unless this process holds DATA_DIR's lock (another process on the directory would lose
 *    rows silently);
 * 2. open the backup in a staging directory beside the live one, migrate it and check it is this
 *    app's database: a bad file changes nothing;
 * 3. stop the worker, close the live database, move it aside as `pgdata.before-restore` (the one
 *    previous copy kept), move the restored one in, open it, seed, start the worker again.
 * Requests arriving during step 3 (well under a second) fail and may be retried.
 */
export async function restoreEmbeddedDatabase(backup: Blob): Promise<void> {
  const settings = config();
  if (!running || running.database.kind !== "embedded" || settings.databaseUrl) {
    throw new BackupRefusedError("Restore from a backup file works on the embedded database only; on PostgreSQL, restore with pg_restore.");
  }
  const holder = dataDirHolder(settings.dataDir);
  if (holder !== process.pid) throw new DataDirLockedError(settings.dataDir, holder ?? -1);

  const live = embeddedDatabaseDirectory(settings.dataDir);
  const staging = `${live}.restoring`;
  const previous = `${live}.before-restore`;
  fs.rmSync(staging, { recursive: true, force: true });
  let candidate: DatabaseHandle | undefined;
  try {
    candidate = await openEmbeddedDatabase(settings.dataDir, { directory: staging, loadDataDir: backup });
    await candidate.migrate();
    await candidate.db.execute(sql`select id from organization_settings limit 1`);
  } catch (error) {
    await candidate?.close().catch(() => undefined);
    fs.rmSync(staging, { recursive: true, force: true });
    throw new BackupRefusedError(`This file is not a backup of this app (${error instanceof Error ? error.message : String(error)}).`);
  }
  await candidate.close();

  const current = running;
  await current.worker?.stop();
  await current.database.close();
  fs.rmSync(previous, { recursive: true, force: true });
  fs.renameSync(live, previous);
  fs.renameSync(staging, live);
  const restored = await openEmbeddedDatabase(settings.dataDir);
  current.database = restored;
  setCurrentDatabase(restored);
  await seedReferenceData();
  current.worker = startBackgroundWorker();
}

/** The embedded database as one file (PGlite's data-directory dump), for 'Download backup'. */
export async function embeddedBackup(): Promise<Blob> {
  const database = running?.database;
  if (!database?.dump) throw new BackupRefusedError("Backups from the app are made on the embedded database only; on PostgreSQL, use pg_dump.");
  return database.dump();
}
