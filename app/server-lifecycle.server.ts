import { ensureFirstAdmin, type FirstAdmin } from "~/auth/first-admin.server";
import { config } from "~/config.server";
import {
  openEmbeddedDatabase,
  openServerDatabase,
  useDatabase,
  type DatabaseHandle,
} from "~/db/connection.server";
import { lockDataDir, type DataDirLock } from "~/db/data-dir-lock.server";
import { seedReferenceData } from "~/db/seed.server";

type Running = { database: DatabaseHandle; lock: DataDirLock | undefined };
let running: Running | undefined;

export type StartReport = { port: number; publicUrl: string; storage: string; firstAdmin: FirstAdmin | null };

/** Boot: validate configuration, open and migrate the database, seed, make the first admin. */
export async function startApplication(): Promise<StartReport> {
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
  useDatabase(database);
  await database.migrate();
  await seedReferenceData();
  const firstAdmin = await ensureFirstAdmin();
  const storage = settings.databaseUrl
    ? `PostgreSQL (${new URL(settings.databaseUrl).host})`
    : `embedded PGlite in ${settings.dataDir}`;
  return { port: settings.port, publicUrl: settings.publicUrl, storage, firstAdmin };
}

export async function stopApplication(): Promise<void> {
  if (!running) return;
  const { database, lock } = running;
  running = undefined;
  await database.close();
  useDatabase(undefined);
  lock?.release();
}
