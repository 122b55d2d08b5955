import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { leaveOutSignIns } from "~/auth/sessions.server";
import { currentDatabase, db, queryRows } from "~/db/connection.server";
import { openEmbeddedDatabase, preRestoreDirectory } from "~/db/embedded-database.server";
import { leaveOutSealedLinks } from "~/email/outbox.server";
import { makeScratchFolder } from "~/forms/scratch-folder.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { logger } from "~/logging/logger.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { backupArchiveStream, newManifest, unpackDump, writeBackupFile } from "./backup-archive.server";
import { backupFileName, backupFileTime, nightOf } from "./nightly-schedule";

/**
 * The embedded database's backups (decision 030): made every night by the worker into
 * DATA_DIR/backups, as many kept as the setting says, listed on the Data tab to download or
 * restore. On PostgreSQL the app makes none: the server's backups are the operator's (pg_dump).
 */

export type KeptBackup = { name: string; createdAt: Date; bytes: number };

/** The copy of the database a restore set aside (the one before it), if there is one. */
export type PreRestoreCopy = { setAsideAt: Date };

export function backupsFolder(): string {
  return path.join(config().dataDir, "backups");
}

export function isEmbedded(): boolean {
  return currentDatabase().kind === "embedded";
}

/** The backups in DATA_DIR/backups, newest first (files of another name are not ours and are left alone). */
export async function listBackups(): Promise<KeptBackup[]> {
  const names = await fs.promises.readdir(backupsFolder()).catch(() => [] as string[]);
  const backups: KeptBackup[] = [];
  for (const name of names) {
    const createdAt = backupFileTime(name);
    if (!createdAt) continue;
    const stat = await fs.promises.stat(path.join(backupsFolder(), name)).catch(() => null);
    if (stat?.isFile()) backups.push({ name, createdAt, bytes: stat.size });
  }
  return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** A kept backup, by its name as listed; a name that is not one (or a path) is refused with 404. */
async function keptBackup(name: string): Promise<{ backup: KeptBackup; path: string }> {
  const backup = (await listBackups()).find((kept) => kept.name === name);
  if (!backup) throw notFound("This backup is no longer kept.", { title: "Backup not found" });
  return { backup, path: path.join(backupsFolder(), backup.name) };
}

/** A kept backup's file to restore from (read from disk as it is used). */
export async function keptBackupFile(name: string): Promise<Blob> {
  return fs.openAsBlob((await keptBackup(name)).path);
}

/** A kept backup's bytes as a download. */
export async function keptBackupDownload(name: string): Promise<{ backup: KeptBackup; stream: ReadableStream<Uint8Array> }> {
  const kept = await keptBackup(name);
  return { backup: kept.backup, stream: Readable.toWeb(fs.createReadStream(kept.path)) as ReadableStream<Uint8Array> };
}

/**
 * The live database as a backup holds it (issue 41): its dump is opened as a copy in a scratch
 * folder, the copy loses what no backup may hold (every session's token, the secret that signs the
 * cookies, the one-time links of mail still waiting) and those rows' old bytes (the tables
 * rewritten, the WAL that wrote them deleted), and the copy is dumped again. A leaked backup then
 * signs nobody in; restoring it signs everyone out and makes a new signing secret. Password hashes
 * and two-factor secrets stay (with the key of the latter): a restore must let the admins in again.
 */
async function dumpForBackup(refusal: string): Promise<Blob> {
  const live = currentDatabase();
  if (!live.dump) throw new Refusal(refusal);
  const dump = await live.dump();
  const scratch = await makeScratchFolder("backup");
  try {
    const directory = path.join(scratch.path, "pgdata");
    await unpackDump(dump, directory);
    const copy = await openEmbeddedDatabase(config().dataDir, { directory });
    try {
      const emptied = [...(await leaveOutSignIns(copy.db)), ...(await leaveOutSealedLinks(copy.db))];
      await copy.reclaimErasedRows?.(emptied);
      if (!copy.dump) throw new Error("The copy of the embedded database cannot be dumped");
      return await copy.dump();
    } finally {
      await copy.close();
    }
  } finally {
    await scratch.dispose();
  }
}

/** The live database as a backup file's bytes, made as they are read (for 'Download backup'). */
export async function backupStreamNow(now = new Date()): Promise<ReadableStream<Uint8Array>> {
  const dump = await dumpForBackup("Backups from the app are made on the embedded database only; on PostgreSQL, use pg_dump.");
  return Readable.toWeb(backupArchiveStream(dump, newManifest(now))) as ReadableStream<Uint8Array>;
}

/** Writes a backup of the live database into DATA_DIR/backups. */
export async function makeBackup(now = new Date()): Promise<KeptBackup> {
  const dump = await dumpForBackup("Backups are made on the embedded database only.");
  await fs.promises.mkdir(backupsFolder(), { recursive: true, mode: 0o700 });
  const name = backupFileName(now);
  await writeBackupFile(dump, newManifest(now), path.join(backupsFolder(), name));
  const stat = await fs.promises.stat(path.join(backupsFolder(), name));
  return { name, createdAt: backupFileTime(name) ?? now, bytes: stat.size };
}

/** Deletes all but the newest `count` backups; answers how many went. */
export async function keepNewestBackups(count: number): Promise<number> {
  const surplus = (await listBackups()).slice(count);
  for (const backup of surplus) await fs.promises.rm(path.join(backupsFolder(), backup.name), { force: true });
  return surplus.length;
}

/** A claim on tonight's backup that a stopped process left unfinished may be taken again after this. */
const STALE_CLAIM = "30 minutes";

/**
 * The worker's nightly job: once the night's backup is due (nightly-schedule.ts) and missing, claim
 * the night (a unique key: exactly one run makes it), write the file, keep the newest as many as
 * the setting says.
 */
export async function runNightlyBackup(now = new Date()): Promise<{ made: number; removed: number }> {
  if (!isEmbedded()) return { made: 0, removed: 0 };
  const settings = await getOrganizationSettings();
  const night = nightOf(now, settings.timezone);
  const claimed = await queryRows<{ night: string }>(
    db(),
    sql`insert into nightly_backups (night, claimed_at) values (${night}, ${now.toISOString()})
        on conflict (night) do update set claimed_at = excluded.claimed_at
          where nightly_backups.finished_at is null and nightly_backups.claimed_at < ${now.toISOString()}::timestamptz - ${STALE_CLAIM}::interval
        returning night`,
  );
  if (claimed.length === 0) return { made: 0, removed: 0 };
  const backup = await makeBackup(now);
  await db().execute(sql`update nightly_backups set finished_at = now(), file_name = ${backup.name} where night = ${night}`);
  const removed = await keepNewestBackups(settings.backupsKept);
  logger.info({ backup: backup.name, bytes: backup.bytes, removed }, "nightly backup made");
  return { made: 1, removed };
}

export async function preRestoreCopy(): Promise<PreRestoreCopy | null> {
  const stat = await fs.promises.stat(preRestoreDirectory(config().dataDir)).catch(() => null);
  // The rename that set it aside changed its ctime: when the restore happened.
  return stat?.isDirectory() ? { setAsideAt: stat.ctime } : null;
}

/** What still holds data from before `erasedAt`: the backups made earlier, and the pre-restore copy if set aside earlier. */
export async function copiesOlderThan(erasedAt: Date): Promise<{ backups: KeptBackup[]; preRestore: PreRestoreCopy | null }> {
  const backups = (await listBackups()).filter((backup) => backup.createdAt < erasedAt);
  const copy = await preRestoreCopy();
  return { backups, preRestore: copy && copy.setAsideAt < erasedAt ? copy : null };
}

/** Deletes what `copiesOlderThan(erasedAt)` names; answers how many went. */
export async function deleteCopiesOlderThan(actor: Actor, erasedAt: Date): Promise<number> {
  const { backups, preRestore } = await copiesOlderThan(erasedAt);
  for (const backup of backups) await fs.promises.rm(path.join(backupsFolder(), backup.name), { force: true });
  if (preRestore) await fs.promises.rm(preRestoreDirectory(config().dataDir), { recursive: true, force: true });
  const deleted = backups.length + (preRestore ? 1 : 0);
  // Files, not rows: the entry follows their removal (nothing to roll back with it).
  await recordAuditEntry(db(), actor, { action: "settings.delete-old-copies", summary: `${deleted} backup(s) made before the last erasure deleted`, details: { deleted } });
  return deleted;
}
