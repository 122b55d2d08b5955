/**
 * What a backup says of itself, its first entry (`agency-backup.json`): that it is a backup of
 * this product, in which archive format, made by which app version, and the newest migration its
 * database had. A restore reads it before anything else and refuses what it cannot restore. Pure.
 */
export const BACKUP_FORMAT = "agency-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "agency-backup.json";
/** The database's data directory sits under this folder in the archive. */
export const DATABASE_FOLDER = "pgdata";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  newestMigration: string;
  createdAt: string;
};

export type ManifestCheck = { ok: true; manifest: BackupManifest } | { ok: false; problem: string };

/** Checks a manifest's text against the migrations this build knows (oldest first). */
export function checkManifest(text: string, knownMigrations: readonly string[]): ManifestCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: "its manifest is not readable" };
  }
  const value = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (value.format !== BACKUP_FORMAT) return { ok: false, problem: "its manifest is not that of a backup of this app" };
  if (value.formatVersion !== BACKUP_FORMAT_VERSION) {
    return { ok: false, problem: `it is in backup format ${String(value.formatVersion)}, and this version of the app reads format ${BACKUP_FORMAT_VERSION}` };
  }
  const { appVersion, newestMigration, createdAt } = value;
  if (typeof appVersion !== "string" || typeof newestMigration !== "string" || typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt))) {
    return { ok: false, problem: "its manifest lacks the app version, the newest migration or the date" };
  }
  if (!knownMigrations.includes(newestMigration)) {
    return {
      ok: false,
      problem: `it was made by a newer version of the app (${appVersion}, database at migration ${newestMigration}); upgrade this app first`,
    };
  }
  return { ok: true, manifest: { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, appVersion, newestMigration, createdAt } };
}
