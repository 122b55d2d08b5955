import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { currentDatabase, migrationsFolder, queryRows, type Database } from "~/db/connection.server";
import { logger } from "~/logging/logger.server";

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Longer than any healthy answer; shorter than a proxy's probe timeout, so the probe reads a reason. */
const PROBE_LIMIT_MS = 3_000;

let latestMigration: number | undefined;

/**
 * Whether this process can serve (`GET /readyz`): its database answers and has every migration
 * this build ships. A process fails it before its start has migrated, and while its database is
 * unreachable; a proxy or an orchestrator sends it no traffic until it passes again.
 */
export async function checkReadiness(database: Database | undefined = openDatabase()): Promise<Readiness> {
  if (!database) return { ready: false, reason: "the database is not open" };
  let applied: number;
  try {
    applied = await withinProbeLimit(lastAppliedMigration(database));
  } catch (error) {
    logger.warn({ err: error }, "readiness: database unreachable");
    return { ready: false, reason: "the database is unreachable" };
  }
  latestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  return applied >= latestMigration ? { ready: true } : { ready: false, reason: "migrations are not applied yet" };
}

function openDatabase(): Database | undefined {
  try {
    return currentDatabase().db;
  } catch {
    return undefined;
  }
}

/** The newest migration's timestamp as drizzle's migrator recorded it; 0 when none ran. */
async function lastAppliedMigration(database: Database): Promise<number> {
  const [table] = await queryRows<{ present: boolean }>(database, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return 0;
  const [row] = await queryRows<{ latest: string | number | null }>(database, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
  return Number(row?.latest ?? 0);
}

function withinProbeLimit<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_LIMIT_MS} ms`)), PROBE_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
