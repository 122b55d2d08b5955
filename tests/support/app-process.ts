import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { startAppServer, type AppServer } from "../e2e/support/app-server";
import { databaseUrlFor, serverTestUrl, testDatabaseKind } from "./database-kind";

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverTestUrl() });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/**
 * The production server as `npm start` runs it (server.js on the build, built when stale), in its
 * own process, on the database kind under test: a new embedded data directory, or a new
 * PostgreSQL database that `stop()` drops.
 */
export async function startBuiltApp(environment: Record<string, string> = {}): Promise<AppServer> {
  buildIfStale(path.resolve("."));
  if (testDatabaseKind() !== "server") return startAppServer(environment);
  const database = `agency_process_${randomBytes(6).toString("hex")}`;
  await onServer(`CREATE DATABASE ${database}`);
  const app = await startAppServer({ ...environment, DATABASE_URL: databaseUrlFor(serverTestUrl(), database) });
  return {
    ...app,
    async stop() {
      await app.stop();
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
