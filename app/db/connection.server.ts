import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

// The database services use, whichever it is: its types, and the one that is current (set at boot,
// and per test). Opening one is the embedded database's (embedded-database.server.ts) or the
// server's (server-database.server.ts).

/**
 * One type for both drivers: services never know which database they run on. Without the tables'
 * schema: services build their queries from their own domain's tables (the relational query API
 * is not used), so the connection knows no domain.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The database or an open transaction on it: what a service step that joins its caller's transaction takes. */
export type DatabaseExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a process hears of the notifications on one channel (PostgreSQL LISTEN/NOTIFY). */
export type ChannelListener = {
  /** A committed transaction notified the channel. */
  onNotification(payload: string): void;
  /** Listening (again). Whatever was notified before this, or while not listening, was not heard. */
  onListening(): void;
  /** Notifications may be missed from now until the next onListening (server: the connection dropped). */
  onInterrupted(): void;
};

export type DatabaseHandle = {
  db: Database;
  kind: "embedded" | "server";
  /** Applies the migrations not applied yet: the app's, or another folder's (the upgrade test's earlier ones). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Listens on `channel` until the returned function is called or the handle closes. Embedded:
   * PGlite hands a notification over while it answers the COMMIT, before the committing query's
   * promise resolves. Server: one dedicated connection per listener, reconnected after a loss.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** Embedded only: a copy of the whole database, to start others from (tests). */
  dump?(): Promise<Blob | File>;
  /**
   * Embedded only: after an erasure, removes the erased rows' old bytes from the data directory
   * (dead row versions, sampled statistics, the WAL that wrote them), so that a backup made from
   * now on holds none of them. A server database's backups (pg_dump) are logical: they never did.
   */
  reclaimErasedRows?(tables: string[]): Promise<void>;
};

export const migrationsFolder = path.resolve("app/db/migrations");

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
export async function queryRows<T extends Record<string, unknown>>(database: DatabaseExecutor, query: SQL): Promise<T[]> {
  const result = (await database.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
