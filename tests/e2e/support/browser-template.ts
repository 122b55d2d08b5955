/**
 * Readies the migrated database every browser file's app starts on a copy of (in `dataDir`; no app
 * may hold it), so that no app spends its start on what would otherwise be made there:
 * - the nights around now recorded as backed up: an app would make a backup at its start (two
 *   seconds of CPU, and its stop the wait for it). The test about that backup starts on a copy
 *   without these (the `noBackupYet` scene, scenes.ts);
 * - the self-signed signing certificate, as an app's first start makes it (half a second of CPU).
 *   The tests of making it are the integration files' (signing-certificate.test.ts).
 */
export async function prepareBrowserTemplate(dataDir: string): Promise<void> {
  const { openEmbeddedDatabase } = await import("~/db/embedded-database.server");
  const { nightOf } = await import("~/backups/nightly-schedule");
  const { nightlyBackups } = await import("~/backups/schema");
  const { DEFAULT_ORGANIZATION } = await import("~/organization/settings.server");
  const { storedSigningCertificate } = await import("~/signing/signing-certificate.server");
  const database = await openEmbeddedDatabase(dataDir);
  try {
    const day = 24 * 3_600_000;
    const finishedAt = new Date();
    const nights = [-day, 0, day].map((offset) => ({ night: nightOf(new Date(finishedAt.getTime() + offset), DEFAULT_ORGANIZATION.timezone), finishedAt }));
    await database.db.insert(nightlyBackups).values(nights).onConflictDoUpdate({ target: nightlyBackups.night, set: { finishedAt } });
    await storedSigningCertificate({ database: database.db, commonName: DEFAULT_ORGANIZATION.companyName });
  } finally {
    await database.close();
  }
}
