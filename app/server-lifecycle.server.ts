import { ensureFirstAdmin, type FirstAdmin } from "~/auth/first-admin.server";
import { config } from "~/config.server";
import {
  openEmbeddedDatabase,
  openServerDatabase,
  setCurrentDatabase,
  type DatabaseHandle,
} from "~/db/connection.server";
import { lockDataDir, type DataDirLock } from "~/db/data-dir-lock.server";
import { seedReferenceData } from "~/db/seed.server";
import { startBackgroundWorker, type BackgroundWorker } from "~/jobs/background-worker.server";

type Running = { database: DatabaseHandle; lock: DataDirLock | undefined; worker?: BackgroundWorker };
let running: Running | undefined;

export type StartReport = { port: number; publicUrl: string; storage: string; firstAdmin: FirstAdmin | null };

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
  const { storage } = await openStorage();
  const firstAdmin = await ensureFirstAdmin();
  if (running) running.worker = startBackgroundWorker();
  return { port: settings.port, publicUrl: settings.publicUrl, storage, firstAdmin };
}

export async function stopApplication(): Promise<void> {
  if (!running) return;
  const { database, lock, worker } = running;
  running = undefined;
  await worker?.stop();
  await database.close();
  setCurrentDatabase(undefined);
  lock?.release();
}
