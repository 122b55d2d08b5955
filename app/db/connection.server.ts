import fs from "node:fs";
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
import { logger } from "~/logging/logger.server";

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

/** Where PGlite keeps its files inside DATA_DIR. */
export function embeddedDatabaseDirectory(dataDir: string): string {
  return path.join(dataDir, "pgdata");
}

/** The database a restore set aside (the one before it; the next restore replaces it). */
export function preRestoreDirectory(dataDir: string): string {
  return `${embeddedDatabaseDirectory(dataDir)}.before-restore`;
}

/**
 * Opens PGlite in `dataDir` (or in `directory`, a restore's staging place, where a backup was
 * unpacked); the caller holds the data directory lock.
 */
export async function openEmbeddedDatabase(dataDir: string, options: { directory?: string } = {}): Promise<DatabaseHandle> {
  const directory = options.directory ?? embeddedDatabaseDirectory(dataDir);
  const client = await PGlite.create(directory, { extensions: { pg_trgm, citext }, startParams: EMBEDDED_START_PARAMETERS });
  return embeddedHandle(client, path.join(directory, "pg_wal"));
}

/**
 * PGlite's own start parameters, and WAL segments deleted rather than recycled: a recycled segment
 * keeps its old bytes until they are overwritten, and an erased person's rows would live on in it
 * (and in every backup that copies it).
 */
const EMBEDDED_START_PARAMETERS = [...PGlite.defaultStartParams, "-c", "wal_recycle=off"];

/** An in-memory PGlite (tests), optionally loaded from a dumped data directory. */
export async function openMemoryDatabase(loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  const client = await PGlite.create({ extensions: { pg_trgm, citext }, loadDataDir, startParams: EMBEDDED_START_PARAMETERS });
  return embeddedHandle(client);
}

/** A WAL segment's file name: timeline, log and segment, 24 hexadecimal digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

function embeddedHandle(client: PGlite, walDirectory?: string): DatabaseHandle {
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: "embedded",
    migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
    async listen(channel, listener) {
      const stop = await client.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening();
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dump: () => client.dumpDataDir("none"),
    async reclaimErasedRows(tables) {
      // Rewritten tables keep no dead row versions (VACUUM leaves their bytes in the page);
      // statistics sampled before are sampled again, and their old rows go too.
      for (const table of tables) await client.exec(`VACUUM (FULL, ANALYZE) "${table.replace(/"/g, '""')}"`);
      await client.exec("VACUUM FULL pg_catalog.pg_statistic");
      // The WAL that wrote the old rows is no longer needed once a checkpoint follows a new segment:
      // the checkpoint deletes it (wal_recycle=off).
      await client.exec("SELECT pg_switch_wal()");
      await client.exec("CHECKPOINT");
      if (!walDirectory) return;
      // Segments recycled ahead of use by a version before wal_recycle=off still hold old bytes;
      // PostgreSQL makes a new, zero-filled one when it reaches a missing segment.
      const { rows } = await client.query<{ current: string }>("SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS current");
      const current = rows[0]?.current ?? "";
      for (const name of await fs.promises.readdir(walDirectory)) {
        if (WAL_SEGMENT.test(name) && name > current) await fs.promises.rm(path.join(walDirectory, name), { force: true });
      }
    },
  };
}

/**
 * How long making a connection may take before the query that needed it fails (the database is
 * unreachable: its request is answered 503). Without it, a server that drops packets rather than
 * refusing them would hold every request until the kernel gives up, minutes later.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A connection that gives up connecting after CONNECT_TIMEOUT_MS. Set on the connection, not on
 * the pool: the pool's option would also bound a query's wait for a free connection, and a busy
 * pool (every connection working) must keep queueing, as before, rather than refuse.
 */
class ConnectionWithTimeout extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export function openServerDatabase(connectionString: string, poolSize = 10): DatabaseHandle {
  // keepAlive: a connection whose server vanished without a word (a failover's old address) is found dead.
  const pool = new pg.Pool({ connectionString, max: poolSize, keepAlive: true, Client: ConnectionWithTimeout });
  // An idle connection the server closes (restart, failover, a dropped test database) is
  // replaced on next use; without a listener, node-postgres would crash the process instead.
  pool.on("error", (error) => logger.warn({ err: error }, "idle database connection closed"));
  dropLostConnectionsLentOut(pool);
  const db = drizzlePostgres({ client: pool });
  const listeners = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Database,
    kind: "server",
    async migrate(folder = migrationsFolder) {
      // Several app processes may start at once: one migrates, the others wait.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock(7427301)");
        await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder: folder });
      } finally {
        await connection.query("select pg_advisory_unlock(7427301)").catch(() => undefined);
        connection.release();
      }
    },
    async listen(channel, listener) {
      const stop = await listenOnServer(connectionString, channel, listener);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** How long a connection lost while lent out may stay unreturned before the pool takes it back itself. */
const LOST_CONNECTION_RETURN_MS = 1_000;

/**
 * The pool listens to its idle connections only: one lost while lent out (inside a transaction,
 * between two of its queries, as the server restarts) would end the process with an unhandled
 * 'error'. Its queries fail with the error (their callers say so), and it goes back to the pool,
 * which drops it, when its borrower returns it. Drizzle (0.45) returns a transaction's connection
 * only once its BEGIN succeeded: one lost during the BEGIN would never come back, and each outage
 * would take a connection from the pool for good (until none were left and every query waited
 * for one in vain). So a lost connection not returned within a second is returned here; its
 * borrower's own return, should it come later, does nothing.
 */
function dropLostConnectionsLentOut(pool: pg.Pool): void {
  const lent = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => lent.add(client));
  pool.on("release", (_error, client) => lent.delete(client));
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      logger.debug({ err: error }, "database connection lost");
      const timer = setTimeout(() => {
        if (!lent.has(client)) return;
        const giveBack = client.release;
        client.release = () => undefined;
        giveBack(error);
      }, LOST_CONNECTION_RETURN_MS);
      timer.unref();
    });
  });
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * fails, the listener hears onInterrupted at once and onListening after a successful reconnect;
 * until then it must not trust what it kept. Resolves after the first attempt, heard or not.
 */
async function listenOnServer(connectionString: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // Failed attempts since it last listened: while the database is away, one warning, not one a second.
  let failures = 0;

  const lost = (client: pg.Client, reason: string) => {
    if (current !== client) return;
    current = undefined;
    listener.onInterrupted();
    client.end().catch(() => undefined);
    if (stopped) return;
    failures += 1;
    logger[failures === 1 ? "warn" : "debug"]({ channel, reason }, "stopped hearing database notifications; reconnecting");
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? "");
    });
    client.on("error", (error) => lost(client, error.message));
    client.on("end", () => lost(client, "connection closed"));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(client, error instanceof Error ? error.message : String(error));
      return;
    }
    if (current !== client || stopped) return;
    if (failures > 0) logger.info({ channel, attempts: failures }, "hearing database notifications again");
    failures = 0;
    listener.onListening();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) {
      listener.onInterrupted();
      await client.end().catch(() => undefined);
    }
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
export async function queryRows<T extends Record<string, unknown>>(database: DatabaseExecutor, query: SQL): Promise<T[]> {
  const result = (await database.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
