import fs from "node:fs";
import path from "node:path";
import { pipeline, Readable } from "node:stream";
import { pipeline as pipelineDone } from "node:stream/promises";
import zlib from "node:zlib";
import packageJson from "../../package.json";
import { MIGRATION_TAGS, NEWEST_MIGRATION } from "~/db/migration-journal";
import { Refusal } from "~/refusal/refusal";
import { archiveEntries, entryBytes, unpackEntry, type ArchiveLimits } from "~/uploads/archive-reader.server";
import { TAR_END, tarHeader, tarPadding } from "~/uploads/tar-format";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, checkManifest, DATABASE_FOLDER, MANIFEST_ENTRY, type BackupManifest } from "./backup-manifest";

/**
 * A backup file: a gzip-compressed tar of the manifest (`agency-backup.json`, first) and the
 * embedded database's data directory under `pgdata/` (decision 030).
 */

/**
 * What a backup to restore may be. A new database's backup is ~5 MB holding ~45 MB, about 8 times
 * its size; a bomb expands hundreds of times and is stopped once 64 MB came out.
 */
export const RESTORE_LIMITS: ArchiveLimits = {
  maxBytes: 1024 * 1024 * 1024,
  maxExpandedBytes: 2 * 1024 * 1024 * 1024,
  maxEntries: 100_000,
  maxRatio: 100,
  ratioCheckedAfterBytes: 64 * 1024 * 1024,
  maxMilliseconds: 10 * 60_000,
};

/** PGlite's own dump, read to be written again: it is ours, so the limits are only a guard. */
const DUMP_LIMITS: ArchiveLimits = { ...RESTORE_LIMITS, maxBytes: Number.MAX_SAFE_INTEGER, maxExpandedBytes: Number.MAX_SAFE_INTEGER, maxRatio: Infinity };

const MAX_MANIFEST_BYTES = 64 * 1024;

export function newManifest(now = new Date()): BackupManifest {
  return { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, appVersion: packageJson.version, newestMigration: NEWEST_MIGRATION, createdAt: now.toISOString() };
}

async function* archiveChunks(dump: Blob, manifest: BackupManifest): AsyncGenerator<Uint8Array> {
  const modifiedAt = new Date(manifest.createdAt);
  const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  yield tarHeader({ name: MANIFEST_ENTRY, type: "file", size: manifestBytes.length, mode: 0o644, modifiedAt });
  yield manifestBytes;
  yield tarPadding(manifestBytes.length);
  yield tarHeader({ name: DATABASE_FOLDER, type: "directory", size: 0, mode: 0o700, modifiedAt });
  for await (const entry of archiveEntries(dump, DUMP_LIMITS, { rootedNames: true, describe: "database dump" })) {
    yield tarHeader({ ...entry, name: `${DATABASE_FOLDER}/${entry.name}` });
    for await (const chunk of entry.chunks()) yield chunk;
    yield tarPadding(entry.size);
  }
  yield TAR_END;
}

/** A backup file's bytes as they are made, from a dump of the embedded database (PGlite's `dumpDataDir`). */
export function backupArchiveStream(dump: Blob, manifest: BackupManifest): Readable {
  // The error of any stage ends the last one with it: its reader (a response, a file) sees it.
  return pipeline(Readable.from(archiveChunks(dump, manifest)), zlib.createGzip(), () => undefined);
}

/** Unpacks a dump of the embedded database (PGlite's `dumpDataDir`) into `folder`, a data directory to open there. */
export async function unpackDump(dump: Blob, folder: string): Promise<void> {
  for await (const entry of archiveEntries(dump, DUMP_LIMITS, { rootedNames: true, describe: "database dump" })) await unpackEntry(folder, entry);
}

/** Writes a backup file; it appears under its name only once complete. */
export async function writeBackupFile(dump: Blob, manifest: BackupManifest, target: string): Promise<void> {
  const partial = path.join(path.dirname(target), `.partial-${path.basename(target)}`);
  try {
    await pipelineDone(backupArchiveStream(dump, manifest), fs.createWriteStream(partial, { flags: "w", mode: 0o600 }));
    await fs.promises.rename(partial, target);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

function notABackup(reason: string): Refusal {
  return new Refusal(`This file is not a backup of this app: ${reason}.`, { field: "backup", title: "Restore refused" });
}

/**
 * Unpacks a backup into `folder` (its database lands in `folder/pgdata`) within RESTORE_LIMITS,
 * reading the manifest first: a file that is not a backup of this product, or of a newer version
 * of it, is refused before any of its database is written. Refusals carry what was wrong.
 */
export async function unpackBackup(archive: Blob, folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  for await (const entry of archiveEntries(archive, RESTORE_LIMITS, { field: "backup", describe: "backup" })) {
    if (!manifest) {
      if (entry.name !== MANIFEST_ENTRY || entry.type !== "file") throw notABackup(`it does not start with a backup manifest (${MANIFEST_ENTRY})`);
      const text = (await entryBytes(entry, MAX_MANIFEST_BYTES, () => notABackup("its manifest is too large"))).toString("utf8");
      const checked = checkManifest(text, MIGRATION_TAGS);
      if (!checked.ok) throw notABackup(checked.problem);
      manifest = checked.manifest;
      continue;
    }
    if (entry.name !== DATABASE_FOLDER && !entry.name.startsWith(`${DATABASE_FOLDER}/`)) throw notABackup(`it holds ${entry.name}, which no backup holds`);
    try {
      await unpackEntry(folder, entry);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "ENOSPC") throw new Refusal("There is not enough disk space to unpack this backup.", { status: 413, field: "backup", title: "Restore refused" });
      // The file system's refusals (a name there twice, a file where a folder should be) are the archive's fault.
      if (typeof code === "string" && /^E[A-Z]+$/.test(code)) throw notABackup(`${entry.name} cannot be unpacked (${code === "EEXIST" ? "it is there twice" : code})`);
      throw error;
    }
  }
  if (!manifest) throw notABackup("it is an empty archive");
  if (!fs.existsSync(path.join(folder, DATABASE_FOLDER, "PG_VERSION"))) throw notABackup("it holds no database");
  return manifest;
}
