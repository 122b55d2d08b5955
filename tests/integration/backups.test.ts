import { testActor } from "../support/actors";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copiesOlderThan, deleteCopiesOlderThan, keptBackupFile, listBackups, runNightlyBackup } from "~/backups/backups.server";
import { backupFileName } from "~/backups/nightly-schedule";
import { db, queryRows } from "~/db/connection.server";
import * as schema from "~/schema";
import { seedDemoData } from "~/demo/demo-seed.server";
import { leads } from "~/leads/schema";
import { openStorage, restoreEmbeddedDatabase, stopApplication } from "~/server-lifecycle.server";
import { updateOrganizationSettings } from "~/organization/settings.server";
import { testDatabaseKind } from "../support/database-kind";
import { withTestDatabase } from "../support/test-database";

// Nightly backups of the embedded database and the restore drill: make data, back up, change
// data, restore, and find the first data exactly (decision 030).

/** Every table's rows in key order, as JSON: the data, to compare before and after. */
async function everything(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    // The night's claim is written before its backup is made, so the backup holds it unfinished.
    if (name === "nightly_backups") continue;
    tables[name] = (await queryRows<{ row: string }>(db(), sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t order by 1`)).map((row) => row.row);
  }
  return tables;
}

// 03:00 in New York on three nights.
const NIGHT_1 = new Date("2026-11-24T08:00:00Z");
const NIGHT_2 = new Date("2026-11-25T08:00:00Z");
const NIGHT_3 = new Date("2026-11-26T08:00:00Z");

// The file's own data directory on both databases, read when the configuration is first asked
// for: the default (./data) holds the backups of an `npm start` run in this checkout.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-backups-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

if (testDatabaseKind() === "embedded") {
  beforeAll(async () => {
    await openStorage();
  }, 120_000);

  afterAll(async () => {
    await stopApplication();
  });

  beforeEach(async () => {
    await db().execute(sql`delete from nightly_backups`);
    fs.rmSync(path.join(dataDir, "backups"), { recursive: true, force: true });
  });

  describe("the restore drill", () => {
    it("backs up by night, then a restore after changes gives back the first data exactly", async () => {
      await seedDemoData(db(), { leads: 60, clients: 8, seed: 26 });
      await updateOrganizationSettings(testActor(), { action: "settings.save-organization", summary: "Changed by a test" }, { companyName: "Drill Studio" });
      const first = await everything();
      expect(first.leads).toHaveLength(60);

      expect(await runNightlyBackup(NIGHT_1)).toEqual({ made: 1, removed: 0 });
      const [backup] = await listBackups();
      expect(backup?.name).toBe(backupFileName(NIGHT_1));

      await db().execute(sql`delete from leads where id in (select id from leads limit 20)`);
      await updateOrganizationSettings(testActor(), { action: "settings.save-organization", summary: "Changed by a test" }, { companyName: "Changed Studio" });
      await db().insert(leads).values({ name: "Late Arrival", email: "late@example.com", source: "website" });
      expect(await everything()).not.toEqual(first);

      const manifest = await restoreEmbeddedDatabase(testActor(), await keptBackupFile(backup!.name), backup!.name);
      expect(manifest).toMatchObject({ format: "agency-backup", formatVersion: 1, createdAt: NIGHT_1.toISOString() });
      // The first data exactly, and one more audit entry: the restore itself, written into the restored log.
      const { audit_log: log = [], ...restored } = await everything();
      const { audit_log: firstLog = [], ...firstWithoutLog } = first;
      expect(restored).toEqual(firstWithoutLog);
      const isRestoreEntry = (row: unknown) => String(row).includes('"action":"settings.restore"');
      expect(log.filter((row) => !isRestoreEntry(row))).toEqual(firstLog);
      expect(log.filter(isRestoreEntry)).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, "pgdata.before-restore", "PG_VERSION"))).toBe(true);
      expect(fs.readdirSync(path.join(dataDir, "scratch"))).toEqual([]);
    }, 180_000);
  });

  describe("the nightly backup job", () => {
    it("makes one backup a night however often or concurrently it runs, and keeps as many as the setting says", async () => {
      await updateOrganizationSettings(testActor(), { action: "settings.save-organization", summary: "Changed by a test" }, { backupsKept: 2 });
      expect(await runNightlyBackup(NIGHT_1)).toEqual({ made: 1, removed: 0 });
      expect(await runNightlyBackup(new Date(NIGHT_1.getTime() + 10 * 60_000))).toEqual({ made: 0, removed: 0 });
      const racing = await Promise.all([runNightlyBackup(NIGHT_2), runNightlyBackup(NIGHT_2)]);
      expect(racing.map((run) => run.made).sort()).toEqual([0, 1]);
      expect(await runNightlyBackup(NIGHT_3)).toEqual({ made: 1, removed: 1 });
      expect((await listBackups()).map((backup) => backup.name)).toEqual([backupFileName(NIGHT_3), backupFileName(NIGHT_2)]);
      const nights = await queryRows<{ night: string; file_name: string | null }>(db(), sql`select night::text, file_name from nightly_backups order by night`);
      expect(nights).toEqual([
        { night: "2026-11-24", file_name: backupFileName(NIGHT_1) },
        { night: "2026-11-25", file_name: backupFileName(NIGHT_2) },
        { night: "2026-11-26", file_name: backupFileName(NIGHT_3) },
      ]);
      await updateOrganizationSettings(testActor(), { action: "settings.save-organization", summary: "Changed by a test" }, { backupsKept: 7 });
    }, 120_000);

    it("takes a night again whose claim a stopped process left unfinished, not one still being made", async () => {
      await db().execute(sql`insert into nightly_backups (night, claimed_at) values ('2026-11-24', ${new Date(NIGHT_1.getTime() - 5 * 60_000).toISOString()})`);
      expect(await runNightlyBackup(NIGHT_1)).toEqual({ made: 0, removed: 0 });
      expect(await runNightlyBackup(new Date(NIGHT_1.getTime() + 40 * 60_000))).toMatchObject({ made: 1 });
    }, 60_000);
  });

  describe("after an erasure", () => {
    it("names the backups and the pre-restore copy made before it, and deletes them on request", async () => {
      await runNightlyBackup(NIGHT_1);
      await runNightlyBackup(NIGHT_2);
      const erasedAt = new Date(NIGHT_2.getTime() - 60_000);
      const old = await copiesOlderThan(erasedAt);
      expect(old.backups.map((backup) => backup.name)).toEqual([backupFileName(NIGHT_1)]);
      // The pre-restore copy of the drill above was set aside before now.
      expect(old.preRestore).toBeNull();
      const later = await copiesOlderThan(new Date(Date.now() + 60_000));
      expect(later.preRestore).not.toBeNull();
      expect(later.backups).toHaveLength(2);

      expect(await deleteCopiesOlderThan(testActor(), erasedAt)).toBe(1);
      expect((await listBackups()).map((backup) => backup.name)).toEqual([backupFileName(NIGHT_2)]);
      expect(await deleteCopiesOlderThan(testActor(), new Date(Date.now() + 60_000))).toBe(2);
      expect(fs.existsSync(path.join(dataDir, "pgdata.before-restore"))).toBe(false);
      expect(await listBackups()).toEqual([]);
    }, 60_000);
  });
} else {
  withTestDatabase();

  describe("backups on PostgreSQL", () => {
    it("are the operator's: the nightly job makes none and keeps none", async () => {
      expect(await runNightlyBackup(NIGHT_1)).toEqual({ made: 0, removed: 0 });
      expect(await listBackups()).toEqual([]);
      const claims = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from nightly_backups`);
      expect(claims[0]?.count).toBe(0);
    });
  });
}
