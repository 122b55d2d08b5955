import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { openMemoryDatabase } from "~/db/embedded-database.server";
import { openServerDatabase } from "~/db/server-database.server";
import { queryRows, setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { composeDomainEvents } from "~/domain-event-handlers.server";
import { seedReferenceData } from "~/reference-data.server";
import { everyKeptReadCaughtUp } from "~/db/kept-reads.server";
import { databaseUrlFor, SERVER_TEMPLATE_DATABASE, serverTestUrl, testDatabaseKind } from "./database-kind";
import { EMBEDDED_TEMPLATE_FILE } from "./global-setup";

type OpenedDatabase = { handle: DatabaseHandle; drop(): Promise<void> };

/** A new PostgreSQL database (a copy of `template` when given), and how to drop it. */
async function createServerDatabase(prefix: string, template: string | undefined, poolSize: number): Promise<OpenedDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverTestUrl() });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const handle = openServerDatabase(databaseUrlFor(serverTestUrl(), name), poolSize);
  return {
    handle,
    async drop() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverTestUrl() });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/** A sequence's position, as `setval` takes it back. */
type SequencePosition = { name: string; lastValue: string; isCalled: boolean };

async function sequencePositions(handle: DatabaseHandle): Promise<SequencePosition[]> {
  const names = await queryRows<{ name: string }>(handle.db, sql`select quote_ident(relname) as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`);
  const positions: SequencePosition[] = [];
  for (const { name } of names) {
    const [row] = await queryRows<{ last_value: string; is_called: boolean }>(handle.db, sql.raw(`select last_value::text, is_called from ${name}`));
    if (row) positions.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return positions;
}

/**
 * The embedded copy of the template this worker process hands from file to file (the files share
 * their process, vitest.config.ts): opening a copy cost ~0.85 s of CPU per file; handing it on
 * costs what emptying it between tests costs, plus putting its sequences back where the template
 * had them, so that the file's own set-up finds what a new copy holds. Each file gets a handle of its own on it, so that what the app keeps per database (the
 * auth instance built from the file's configuration, kept reads, the signing certificate) starts
 * anew, as on a new copy; the file's listeners end with it.
 */
let workersEmbeddedCopy: Promise<{ handle: DatabaseHandle; sequences: SequencePosition[] }> | undefined;

async function embeddedCopyOfTemplate(): Promise<OpenedDatabase> {
  workersEmbeddedCopy ??= (async () => {
    const handle = await openMemoryDatabase(new Blob([fs.readFileSync(EMBEDDED_TEMPLATE_FILE)]));
    return { handle, sequences: await sequencePositions(handle) };
  })();
  const { handle: shared, sequences } = await workersEmbeddedCopy;
  // The last file's rows go before this file's own set-up (its beforeAll) reads or writes.
  setCurrentDatabase(shared);
  await resetDatabase(shared);
  for (const { name, lastValue, isCalled } of sequences) await shared.db.execute(sql.raw(`select setval('${name}', ${lastValue}, ${isCalled})`));
  const stops = new Set<() => Promise<void>>();
  const handle: DatabaseHandle = {
    ...shared,
    async listen(channel, listener) {
      const stop = await shared.listen(channel, listener);
      stops.add(stop);
      return async () => {
        stops.delete(stop);
        await stop();
      };
    },
    // The worker's next file takes it; the process's end frees it.
    close: async () => undefined,
  };
  return {
    handle,
    async drop() {
      for (const stop of stops) await stop();
    },
  };
}

async function openCopyOfTemplate(): Promise<OpenedDatabase> {
  if (testDatabaseKind() === "embedded") return embeddedCopyOfTemplate();
  return createServerDatabase("agency_test", SERVER_TEMPLATE_DATABASE, 25);
}

/** A database of the kind under test without any migration (for tests of migrating itself), and how to drop it. */
export async function openEmptyDatabase(): Promise<OpenedDatabase> {
  if (testDatabaseKind() === "embedded") {
    const handle = await openMemoryDatabase();
    return { handle, drop: () => handle.close() };
  }
  return createServerDatabase("agency_empty", undefined, 2);
}

/** The app's tables (not the migrations' bookkeeping), read once per database. */
const tablesOf = new WeakMap<DatabaseHandle, string[]>();

async function appTables(handle: DatabaseHandle): Promise<string[]> {
  let tables = tablesOf.get(handle);
  if (!tables) {
    const rows = await queryRows<{ tablename: string }>(handle.db, sql`select tablename from pg_tables where schemaname = 'public'`);
    tables = rows.map((row) => `"${row.tablename}"`);
    tablesOf.set(handle, tables);
  }
  return tables;
}

/**
 * Empties every table of the app, then seeds the reference data again. Only the tables holding
 * rows are emptied, by DELETE with the foreign keys' triggers off (every table ends empty, so no
 * reference dangles): a TRUNCATE of all 51 tables cost ~100 ms per test on PGlite and ~320 ms on
 * PostgreSQL, which makes a new file for each; this costs a few milliseconds. The two number
 * sequences are not owned by a table, so TRUNCATE … RESTART IDENTITY never reset them either.
 */
async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const tables = await appTables(handle);
  const holding =
    tables.length === 0
      ? []
      : await queryRows<{ name: string }>(
          handle.db,
          sql.raw(tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(" union all ")),
        );
  if (holding.length > 0) {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const { name } of holding) await tx.execute(sql.raw(`delete from ${name}`));
    });
  }
  await seedReferenceData();
  // The reseed's inserts notify the kept reads' channels; on a PostgreSQL server they are heard a
  // moment after the commit, so a test could otherwise be answered from the test before.
  await everyKeptReadCaughtUp(handle);
}

/**
 * Gives each test a fresh, migrated and seeded database as the app's current
 * database: one copy of the template per test file, emptied before each test.
 */
export function withTestDatabase(): { handle(): DatabaseHandle } {
  let opened: Awaited<ReturnType<typeof openCopyOfTemplate>> | undefined;
  beforeAll(async () => {
    // The services under test publish their events to every domain's handlers, as in the app.
    composeDomainEvents();
    opened = await openCopyOfTemplate();
    setCurrentDatabase(opened.handle);
  }, 60_000);
  beforeEach(async () => {
    if (!opened) throw new Error("The test database did not open");
    setCurrentDatabase(opened.handle);
    await resetDatabase(opened.handle);
  });
  afterAll(async () => {
    setCurrentDatabase(undefined);
    await opened?.drop();
  });
  return {
    handle() {
      if (!opened) throw new Error("The test database is not open yet");
      return opened.handle;
    },
  };
}
