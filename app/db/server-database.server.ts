import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { logger } from "~/logging/logger.server";
import { migrationsFolder, type ChannelListener, type Database, type DatabaseHandle } from "./connection.server";

// A PostgreSQL server (DATABASE_URL): a pool of connections that heals after the server restarts or
// fails over, and a connection of its own for each listener.

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
