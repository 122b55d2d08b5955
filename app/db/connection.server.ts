import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or an open transaction on it: what a service step that joins its caller's transaction takes. */
export type DatabaseExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "embedded" | "server";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: a copy of the whole database, to start others from (tests). */
  dump?(): Promise<Blob | File>;
};

export const migrationsFolder = path.resolve("app/db/migrations");

/** Opens PGlite in `dataDir`; the caller holds the data directory lock. */
export async function openEmbeddedDatabase(dataDir: string): Promise<DatabaseHandle> {
  const client = await PGlite.create(path.join(dataDir, "pgdata"), {
    extensions: { pg_trgm, citext },
  });
  return embeddedHandle(client);
}

/** An in-memory PGlite (tests), optionally loaded from a dumped data directory. */
export async function openMemoryDatabase(loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  const client = await PGlite.create({ extensions: { pg_trgm, citext }, loadDataDir });
  return embeddedHandle(client);
}

function embeddedHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "embedded",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}

export function openServerDatabase(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server closes (restart, failover, a dropped test database) is
  // replaced on next use; without a listener, node-postgres would crash the process instead.
  pool.on("error", (error) => console.warn(`Idle database connection closed: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: "server",
    async migrate() {
      // Several app processes may start at once: one migrates, the others wait.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock(7427301)");
        await migratePostgres(drizzlePostgres({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection.query("select pg_advisory_unlock(7427301)").catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The database that services use. It is set once at boot (and per test), and
 * kept on globalThis so that the dev server's module reloads keep one PGlite.
 */
const holder = globalThis as typeof globalThis & { __agencyDatabase?: DatabaseHandle };

export function setCurrentDatabase(handle: DatabaseHandle | undefined): void {
  holder.__agencyDatabase = handle;
}

export function currentDatabase(): DatabaseHandle {
  const handle = holder.__agencyDatabase;
  if (!handle) throw new Error("The database is not open yet (call setCurrentDatabase at boot).");
  return handle;
}

export function db(): Database {
  return currentDatabase().db;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
