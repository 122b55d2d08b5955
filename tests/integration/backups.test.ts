import { testActor } from "../support/actors";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copiesOlderThan, deleteCopiesOlderThan, keptBackupFile, listBackups, makeBackup, runNightlyBackup } from "~/backups/backups.server";
import * as authApi from "~/auth/auth-api-route";
import * as authPage from "~/auth/auth-page";
import { findUserByEmail } from "~/auth/roles.server";
import { instanceSecrets, session } from "~/auth/schema";
import * as securityPage from "~/auth/security-settings-page";
import { addClient } from "~/clients/add-client.server";
import { emailOutbox } from "~/email/schema";
import { requestSignInLink, sendRequestedSignInLinks } from "~/portal/sign-in.server";
import { backupFileName } from "~/backups/nightly-schedule";
import { db, queryRows } from "~/db/connection.server";
import * as schema from "~/schema";
import { seedDemoData } from "~/demo/demo-seed.server";
import { leads } from "~/leads/schema";
import { openStorage, restoreEmbeddedDatabase, stopApplication } from "~/server-lifecycle.server";
import { updateOrganizationSettings } from "~/organization/settings.server";
import { testDatabaseKind } from "../support/database-kind";
import { answerText, RouteBrowser, type RouteHandler } from "../support/route-calls";
import { makeAdmin } from "../support/sessions";
import { freshCode } from "../support/totp";
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

const handler = (fn: unknown) => fn as RouteHandler;
const SECURITY = "/admin/settings/security";

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

  describe("a backup", () => {
    it("is not a skeleton key: it holds no session token, no cookie-signing secret and no waiting one-time link, and restoring it signs everyone out and keeps two-factor", async () => {
      // An admin with two-factor on, signed in, and a client's sign-in link waiting to be sent.
      const admin = { name: "Ada Admin", email: "ada@skeleton.test", password: "correct horse battery" };
      await makeAdmin(admin);
      const browser = new RouteBrowser("198.51.100.70");
      expect((await browser.call(handler(authApi.action), "/api/auth/sign-in/email", { json: { email: admin.email, password: admin.password } })).status).toBe(200);
      const started = await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "start-two-factor", password: admin.password } });
      const totpSecret = (started.body as { enrolment: { secret: string } }).enrolment.secret;
      expect((await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "confirm-two-factor", code: await freshCode(totpSecret) } })).status).toBe(302);
      const [live] = await db().select().from(session).where(eq(session.userId, (await findUserByEmail(admin.email))!.id));
      const [signing] = await db().select().from(instanceSecrets).where(eq(instanceSecrets.name, "session_secret"));
      await addClient({ actor: testActor(), input: { name: "Sky Waiting", email: "sky@waiting.test", phone: null, tier: "1", notes: null } });
      await requestSignInLink({ email: "sky@waiting.test" }, { clientAddress: "198.51.100.71" });
      await sendRequestedSignInLinks();
      const [waiting] = await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, "sky@waiting.test"));
      const link = Object.values(waiting?.sealed ?? {})[0] ?? "";
      expect([live?.token, signing?.value, link].every((value) => typeof value === "string" && value.length > 20)).toBe(true);

      const made = await makeBackup(NIGHT_1);
      const bytes = gunzipSync(fs.readFileSync(path.join(dataDir, "backups", made.name))).toString("latin1");
      // Searched as bytes, where a row's text lies as written: the admin is there, their session, its secret and the link are not.
      expect(bytes).toContain(admin.email);
      for (const secret of [live!.token, signing!.value, link.split("/").at(-1)!]) expect(bytes.includes(secret)).toBe(false);

      const manifest = await restoreEmbeddedDatabase(testActor(), await keptBackupFile(made.name), made.name);
      expect(manifest.createdAt).toBe(NIGHT_1.toISOString());
      // Signed out: the old cookie opens nothing, and the restored database signs with a new secret.
      expect(await browser.call(handler(authApi.loader), "/api/auth/get-session").then((answer) => answerText(answer))).toBe("null");
      expect(await db().select().from(session)).toEqual([]);
      const [renewed] = await db().select().from(instanceSecrets).where(eq(instanceSecrets.name, "session_secret"));
      expect(renewed?.value).not.toBe(signing!.value);
      // The admin gets in again with the password and a code: two-factor secrets stay readable.
      const again = new RouteBrowser("198.51.100.72");
      const password = await again.call(handler(authPage.action), "/auth", { form: { intent: "sign-in", email: admin.email, password: admin.password } });
      expect(password.body).toMatchObject({ ok: true, twoFactorPending: true });
      const code = await again.call(handler(authPage.action), "/auth", { form: { intent: "verify-code", method: "totp", code: await freshCode(totpSecret) } });
      expect([code.status, code.location]).toEqual([302, "/admin"]);
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
