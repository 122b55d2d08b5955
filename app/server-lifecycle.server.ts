import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { unpackBackup } from "~/backups/backup-archive.server";
import { DATABASE_FOLDER, type BackupManifest } from "~/backups/backup-manifest";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { ensureFirstAdmin, type FirstAdmin } from "~/auth/first-admin.server";
import { leaveOutSignIns } from "~/auth/sessions.server";
import { config, ConfigError, type JobsMode } from "~/config.server";
import { db, setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { embeddedDatabaseDirectory, openEmbeddedDatabase, preRestoreDirectory } from "~/db/embedded-database.server";
import { openServerDatabase } from "~/db/server-database.server";
import { dataDirHolder, DataDirLockedError, lockDataDir, type DataDirLock } from "~/db/data-dir-lock.server";
import { seedReferenceData } from "~/reference-data.server";
import { Refusal } from "~/refusal/refusal";
import { MAIN_THREAD_BUDGET, WORKER_PROCESS_BUDGET, startBackgroundWorker, type BackgroundWorker } from "~/jobs/background-worker.server";
import { startJobsThread } from "~/jobs/jobs-thread.server";
import { setLogLevel } from "~/logging/logger.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { loadSigningCertificate } from "~/signing/signing-certificate.server";
import { makeScratchFolder } from "~/forms/scratch-folder.server";
import { composeDomainEvents } from "./domain-event-handlers.server";

type Running = { database: DatabaseHandle; lock: DataDirLock | undefined; worker?: BackgroundWorker };
let running: Running | undefined;

/** `jobs`: where this process runs the background jobs (`main`, `thread`, or `off`). */
export type StartReport = { port: number; publicUrl: string; storage: string; jobs: JobsMode; firstAdmin: FirstAdmin | null; shutdownTimeoutMs: number };

/**
 * Opens the configured database as the current one (locking DATA_DIR when embedded),
 * migrates and seeds it. The app and the command-line scripts (admin, seed:demo) share it.
 */
export async function openStorage(): Promise<{ storage: string }> {
  const settings = config();
  composeDomainEvents();
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

/**
 * Boot: validate configuration, open, migrate and seed the database, make the first admin, start
 * the background jobs where JOBS says (decision 034). `jobsThread`: the file a jobs thread runs
 * (server.js gives worker.js on the build); without it (development, on Vite's modules) they run
 * on the main thread.
 */
export async function startApplication(options: { jobsThread?: URL } = {}): Promise<StartReport> {
  const settings = config();
  setLogLevel(settings.logLevel);
  const { storage } = await openStorage();
  const firstAdmin = await ensureFirstAdmin();
  // The self-signed signing certificate is made on the first start (decision 049), named after
  // the agency, so that the first contract signed never waits for it.
  await loadSigningCertificate({ commonName: (await getOrganizationSettings()).companyName ?? undefined });
  const jobs = settings.jobs === "thread" && !options.jobsThread ? "main" : settings.jobs;
  if (running) running.worker = await startJobs(jobs, options.jobsThread);
  return { port: settings.port, publicUrl: settings.publicUrl, storage, jobs, firstAdmin, shutdownTimeoutMs: settings.shutdownTimeoutMs };
}

async function startJobs(mode: JobsMode, jobsThread: URL | undefined): Promise<BackgroundWorker | undefined> {
  if (mode === "off") return undefined;
  if (mode === "thread" && jobsThread) return startJobsThread(jobsThread);
  return startBackgroundWorker({ budget: MAIN_THREAD_BUDGET });
}

export const EMBEDDED_WORKER_REFUSAL =
  "npm run worker needs DATABASE_URL (PostgreSQL): on the embedded database the app process (npm start) holds DATA_DIR and runs the background jobs itself.";

/**
 * `npm run worker` (worker.js as a process): the background jobs alone, with the whole of the
 * process, beside web processes started with JOBS=off. Same configuration, same migrations (whoever
 * starts first applies them), no listener. Refused on the embedded database, which one process holds.
 */
export async function startJobsProcess(): Promise<{ storage: string }> {
  const settings = config();
  setLogLevel(settings.logLevel);
  if (!settings.databaseUrl) throw new ConfigError(EMBEDDED_WORKER_REFUSAL);
  const { storage } = await openStorage();
  if (running) running.worker = startBackgroundWorker({ budget: WORKER_PROCESS_BUDGET });
  return { storage };
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

/**
 * Replaces the embedded database with a backup file, in this running process (decision 030):
 * 1. refused unless this process holds DATA_DIR's lock (another process on the directory would
 *    lose rows silently);
 * 2. the backup is unpacked within hard limits into a scratch folder, its manifest read first
 *    (a file that is not a backup of this product, or of a newer version, stops there);
 * 3. its database is opened and migrated there, and must be this app's: nothing live has changed;
 * 4. only then the swap: stop the worker, close the live database, move it aside, move the restored
 *    one in, open it, seed, start the worker. Should the restored one not open, the live one is put
 *    back and opened again. The one before is kept as `pgdata.before-restore` (replacing the last).
 * Requests arriving during step 4 (well under a second) fail and may be retried.
 */
export async function restoreEmbeddedDatabase(actor: Actor, backup: Blob, from: string): Promise<BackupManifest> {
  const settings = config();
  if (!running || running.database.kind !== "embedded" || settings.databaseUrl) {
    throw new Refusal("Restore from a backup file works on the embedded database only; on PostgreSQL, restore with pg_restore.", { status: 409, title: "Restore refused" });
  }
  const holder = dataDirHolder(settings.dataDir);
  if (holder !== process.pid) throw new Refusal(new DataDirLockedError(settings.dataDir, holder ?? -1).message, { status: 409, title: "Restore refused" });

  const scratch = await makeScratchFolder("restore");
  try {
    const manifest = await unpackBackup(backup, scratch.path);
    const staged = path.join(scratch.path, DATABASE_FOLDER);
    await checkRestoredDatabase(settings.dataDir, staged);
    await swapInRestoredDatabase(running, settings.dataDir, staged);
    // Written into the restored database: it is the log from now on.
    await recordAuditEntry(db(), actor, { action: "settings.restore", summary: `Database restored from backup ${from}`, details: { backupMadeAt: manifest.createdAt } });
    return manifest;
  } finally {
    await scratch.dispose();
  }
}

/**
 * Opens the unpacked database where it lies, migrates it and checks it is this app's; closes it
 * again. It keeps no session (a backup made before issue 41 held them) and no cookie-signing
 * secret: restoring signs everyone out, and a new secret is made when sign-in first asks.
 */
async function checkRestoredDatabase(dataDir: string, staged: string): Promise<void> {
  let candidate: DatabaseHandle | undefined;
  try {
    candidate = await openEmbeddedDatabase(dataDir, { directory: staged });
    await candidate.migrate();
    await candidate.db.execute(sql`select id from organization_settings limit 1`);
    await leaveOutSignIns(candidate.db);
  } catch (error) {
    throw new Refusal(`The backup's database could not be opened as this app's (${error instanceof Error ? error.message : String(error)}).`, {
      field: "backup",
      title: "Restore refused",
    });
  } finally {
    await candidate?.close().catch(() => undefined);
  }
}

async function swapInRestoredDatabase(current: Running, dataDir: string, staged: string): Promise<void> {
  const live = embeddedDatabaseDirectory(dataDir);
  const aside = `${live}.swapping`;
  const workerWasRunning = current.worker !== undefined;
  await current.worker?.stop();
  current.worker = undefined;
  await current.database.close();
  fs.rmSync(aside, { recursive: true, force: true });
  fs.renameSync(live, aside);
  let restored: DatabaseHandle;
  try {
    fs.renameSync(staged, live);
    restored = await openEmbeddedDatabase(dataDir);
  } catch (error) {
    // The running data goes back as it was.
    fs.rmSync(live, { recursive: true, force: true });
    fs.renameSync(aside, live);
    current.database = await openEmbeddedDatabase(dataDir);
    setCurrentDatabase(current.database);
    if (workerWasRunning) current.worker = startBackgroundWorker({ budget: MAIN_THREAD_BUDGET });
    throw new Refusal(`The restored database did not open; the database is as it was (${error instanceof Error ? error.message : String(error)}).`, {
      field: "backup",
      title: "Restore refused",
    });
  }
  fs.rmSync(preRestoreDirectory(dataDir), { recursive: true, force: true });
  fs.renameSync(aside, preRestoreDirectory(dataDir));
  current.database = restored;
  setCurrentDatabase(restored);
  await seedReferenceData();
  if (workerWasRunning) current.worker = startBackgroundWorker({ budget: MAIN_THREAD_BUDGET });
}
