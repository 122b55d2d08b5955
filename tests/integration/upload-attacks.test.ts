import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { confirmItsYou, signedInCookieHeader, startAppServer, type AppServer } from "../e2e/support/app-server";
import { databaseUrlFor, serverTestUrl, testDatabaseKind } from "../support/database-kind";
import { blobOf, emptyTar, gzipBomb, gzippedTar, manifestText, peakResidentBytes, randomFile, rawTarHeader, residentBytes, tarEntry } from "../support/hostile-uploads";

// What an attacker (or an unlucky admin) uploads, sent over HTTP to the production server in its
// own process: every file is refused with a 4xx that says why, the process keeps serving, its data
// is unchanged and its memory stays within 300 MB of where it was (decision 030).

const GIB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const COMPANY = "Steady Hands Studio";

let app: AppServer;
let cookie: string;
let serverDatabase: string | undefined;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverTestUrl() });
  await client.connect();
  await client.query(statement);
  await client.end();
}

beforeAll(async () => {
  buildIfStale(path.resolve("."));
  const environment: Record<string, string> = {};
  if (testDatabaseKind() === "server") {
    serverDatabase = `agency_uploads_${randomBytes(6).toString("hex")}`;
    await onServer(`CREATE DATABASE ${serverDatabase}`);
    environment.DATABASE_URL = databaseUrlFor(serverTestUrl(), serverDatabase);
  }
  app = await startAppServer(environment);
  cookie = await signedInCookieHeader(app.url);
  const saved = await post("/admin/settings/organization.data", new URLSearchParams({ intent: "save-organization", companyName: COMPANY, timezone: "America/New_York" }));
  expect(saved.status).toBe(200);
}, 400_000);

afterAll(async () => {
  await app?.stop();
  if (serverDatabase) await onServer(`DROP DATABASE IF EXISTS ${serverDatabase} WITH (FORCE)`);
});

async function post(route: string, body: FormData | URLSearchParams): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${app.url}${route}`, { method: "POST", body, headers: { Cookie: cookie, Origin: app.url } });
  return { status: response.status, text: await response.text(), ms: Date.now() - started };
}

/** When the password was last given again: it holds 5 minutes, and giving it is rate-limited. */
let confirmedAt = 0;
async function confirmed() {
  if (Date.now() - confirmedAt < 4 * 60_000) return;
  await confirmItsYou(app.url, cookie);
  confirmedAt = Date.now();
}

async function restore(file: Blob, name: string) {
  // A restore replaces every account too: it asks for the password again, as the backup does.
  await confirmed();
  const form = new FormData();
  form.set("intent", "restore");
  form.set("confirmed", "yes");
  form.set("backup", file, name);
  return post("/admin/settings/data.data", form);
}

/** The process is alive, serves its pages and still has its data. */
async function stillServingItsData() {
  expect(app.process.exitCode).toBeNull();
  const home = await fetch(`${app.url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain(COMPANY);
}

/** The scratch folders an upload or a restore left (the night's backup, which may be running, makes its own). */
function scratchLeft(): string[] {
  const scratch = path.join(app.dataDir, "scratch");
  return (fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).filter((name) => /^(upload|restore)-/.test(name));
}

const hostileBackups: { what: string; file: () => Promise<Blob> | Blob; name: string; says: RegExp }[] = [
  { what: "1 MiB of random bytes", file: () => blobOf(randomFile(MB)), name: "backup.tar", says: /not a usable backup: an entry's header is damaged/ },
  { what: "an ordinary empty 10 KiB tar", file: () => blobOf(emptyTar()), name: "backup.tar", says: /not a backup of this app: it is an empty archive/ },
  { what: "a 21-byte text file", file: () => new Blob(["this is not a backup\n"]), name: "backup.tar", says: /not a usable backup/ },
  { what: "a gzip of random bytes", file: () => blobOf(Buffer.from([0x1f, 0x8b, 0x08, 0x00]), randomFile(64 * 1024)), name: "backup.tar.gz", says: /compressed data is damaged or cut short/ },
  {
    what: "a backup of a newer version of the app",
    file: () => blobOf(gzippedTar(tarEntry("agency-backup.json", manifestText({ newestMigration: "0999_from_the_future", appVersion: "9.0.0" })))),
    name: "backup.tar.gz",
    says: /made by a newer version of the app \(9\.0\.0, database at migration 0999_from_the_future\)/,
  },
  {
    what: "an archive whose first entry is not the manifest",
    file: () => blobOf(gzippedTar(tarEntry("pgdata/PG_VERSION", "18\n"), tarEntry("agency-backup.json", manifestText()))),
    name: "backup.tar.gz",
    says: /does not start with a backup manifest/,
  },
  {
    what: "a tar with a ../ path",
    file: () => blobOf(gzippedTar(tarEntry("agency-backup.json", manifestText()), tarEntry("pgdata/../../escaped.txt", "owned"))),
    name: "backup.tar.gz",
    says: /a path that would leave its folder \(pgdata\/\.\.\/\.\.\/escaped\.txt\)/,
  },
  {
    what: "a tar with a symbolic link",
    file: () => blobOf(gzippedTar(tarEntry("agency-backup.json", manifestText()), tarEntry("pgdata/base", "", "2", "/etc"))),
    name: "backup.tar.gz",
    says: /holds a symbolic link \(pgdata\/base\), which a backup never does/,
  },
  {
    what: "a tar with a hard link",
    file: () => blobOf(gzippedTar(tarEntry("agency-backup.json", manifestText()), tarEntry("pgdata/PG_VERSION", "", "1", "/etc/passwd"))),
    name: "backup.tar.gz",
    says: /holds a hard link/,
  },
  {
    what: "a truncated archive",
    file: () => {
      const whole = Buffer.concat([tarEntry("agency-backup.json", manifestText()), tarEntry("pgdata", "", "5"), rawTarHeader("pgdata/base/1", 4 * MB), randomFile(MB)]);
      return blobOf(whole);
    },
    name: "backup.tar",
    says: /cut short \(in pgdata\/base\/1\)/,
  },
  {
    what: "a backup without its database",
    file: () => blobOf(gzippedTar(tarEntry("agency-backup.json", manifestText()), tarEntry("pgdata", "", "5"))),
    name: "backup.tar.gz",
    says: /it holds no database/,
  },
];

if (testDatabaseKind() === "embedded") {
  describe("restoring a hostile file on the embedded database", () => {
    for (const hostile of hostileBackups) {
      it(`refuses ${hostile.what} with a 4xx that says why, and keeps serving its data`, async () => {
        const answer = await restore(await hostile.file(), hostile.name);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.text).toMatch(hostile.says);
        await stillServingItsData();
        expect(scratchLeft()).toEqual([]);
      });
    }

    it("finds no kept backup by a path: neither to download nor to restore", async () => {
      await confirmed();
      for (const name of ["..%2Fapp.lock", "..%2F..%2Fetc%2Fpasswd", "agency-backup-20991124T070309Z.tar.gz"]) {
        const download = await fetch(`${app.url}/admin/settings/data/backups/${name}`, { headers: { Cookie: cookie } });
        expect(download.status).toBe(404);
      }
      const answer = await post("/admin/settings/data.data", new URLSearchParams({ intent: "restore-kept", name: "../pgdata/PG_VERSION", confirmed: "yes" }));
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("Choose a backup from the list");
      await stillServingItsData();
    });

    it("writes nothing outside its scratch folder for a ../ path", async () => {
      expect(fs.existsSync(path.join(app.dataDir, "escaped.txt"))).toBe(false);
      expect(fs.existsSync(path.join(path.dirname(app.dataDir), "escaped.txt"))).toBe(false);
    });

    for (const asBackup of [false, true]) {
      it(`refuses a 1 GiB gzip bomb${asBackup ? " dressed as a backup" : ""} within seconds, its memory within 300 MB of where it was`, async () => {
        const bomb = await fs.promises.readFile(await gzipBomb(GIB, { asBackup }));
        expect(bomb.length).toBeLessThan(2 * MB);
        const before = residentBytes(app.process.pid!);
        const { result, peak } = await peakResidentBytes(app.process.pid!, () => restore(blobOf(bomb), "backup.tar.gz"));
        expect(result.status).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
        expect(result.text).toMatch(asBackup ? /expands more than 100 times its size.*compression bomb/ : /it is an empty archive/);
        expect(result.ms).toBeLessThan(15_000);
        expect(peak - before).toBeLessThan(300 * MB);
        await stillServingItsData();
        expect(scratchLeft()).toEqual([]);
      }, 120_000);
    }
  });
} else {
  describe("restoring a file on PostgreSQL", () => {
    it("refuses every file with 409 (pg_restore restores a server database), and keeps serving its data", async () => {
      for (const hostile of hostileBackups.slice(0, 3)) {
        const answer = await restore(await hostile.file(), hostile.name);
        expect(answer.status).toBe(409);
        expect(answer.text).toContain("on PostgreSQL, restore with pg_restore");
      }
      await stillServingItsData();
    });
  });
}

function importCsv(bytes: Buffer, name = "leads.csv") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("csvFile", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), name);
  return post("/admin/leads/import.data", form);
}

describe("importing a hostile leads CSV", () => {
  const csv = "Name,Email,Phone\nZoë Ångström,zoe@example.com,555-0100\nJosé Núñez,jose@example.com,555-0101\n";

  it("reads a CSV saved as UTF-16 (Excel's 'Unicode text') with its accents", async () => {
    const answer = await importCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Zoë Ångström");
    expect(answer.text).toContain("José Núñez");
  });

  it("refuses a file that is not UTF-8 text, saying how to save it", async () => {
    const answer = await importCsv(Buffer.from(csv, "latin1"));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("The file is not UTF-8 text");
  });

  it("refuses random bytes as not text", async () => {
    const answer = await importCsv(Buffer.concat([randomFile(64 * 1024), Buffer.alloc(16)]));
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/not (a text file|UTF-8 text)/);
  });

  it("refuses a 10 MB line as too large, reading no more than its limit", async () => {
    const answer = await importCsv(Buffer.concat([Buffer.from("Name,Email,Message\nAnn,ann@example.com,"), Buffer.alloc(10 * MB, "x"), Buffer.from("\n")]));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("The file is larger than 5 MB");
    await stillServingItsData();
  });

  it("refuses a line longer than a leads list has, naming it", async () => {
    const answer = await importCsv(Buffer.concat([Buffer.from("Name,Email,Message\nAnn,ann@example.com,"), Buffer.alloc(3 * MB, "x"), Buffer.from("\n")]));
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/Line 2 is 3,145,7\d\d characters long; a line may have at most 20,000/);
  });

  it("refuses a multipart body cut short", async () => {
    const boundary = "----cut-short";
    const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\nName,Email\nAnn,ann@`);
    const response = await fetch(`${app.url}/admin/leads/import.data`, {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: app.url, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The upload stopped before all of it arrived");
    await stillServingItsData();
  });

  it("leaves no uploaded file behind", () => {
    expect(scratchLeft()).toEqual([]);
  });
});
