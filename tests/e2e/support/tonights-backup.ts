/**
 * Records the nights around now as backed up in the embedded database of `dataDir` (no app may
 * hold it): an app started on a copy makes no backup at its start, which would cost every browser
 * test file's app two seconds of CPU and its stop the wait for it. The test about that backup
 * starts on a copy without these (the `noBackupYet` scene, scenes.ts).
 */
export async function markTonightsBackupMade(dataDir: string): Promise<void> {
  const { openEmbeddedDatabase } = await import("~/db/embedded-database.server");
  const { nightOf } = await import("~/backups/nightly-schedule");
  const { nightlyBackups } = await import("~/backups/schema");
  const { DEFAULT_ORGANIZATION } = await import("~/organization/settings.server");
  const database = await openEmbeddedDatabase(dataDir);
  try {
    const day = 24 * 3_600_000;
    const finishedAt = new Date();
    const nights = [-day, 0, day].map((offset) => ({ night: nightOf(new Date(finishedAt.getTime() + offset), DEFAULT_ORGANIZATION.timezone), finishedAt }));
    await database.db.insert(nightlyBackups).values(nights).onConflictDoUpdate({ target: nightlyBackups.night, set: { finishedAt } });
  } finally {
    await database.close();
  }
}
