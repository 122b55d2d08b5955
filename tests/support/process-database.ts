import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { ChaosTarget } from "../../bench/chaos/run";
import { databaseUrlFor, SERVER_TEMPLATE_DATABASE, serverTestUrl, testDatabaseKind } from "./database-kind";

/**
 * A database for app processes of their own, on the kind under test: a new PostgreSQL database,
 * migrated (a copy of the template), that several processes share; or a new embedded data directory,
 * which one process holds. `drop()` removes it.
 */
export async function freshProcessDatabase(): Promise<{ target: ChaosTarget; drop(): Promise<void> }> {
  if (testDatabaseKind() === "server") {
    const name = `agency_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverTestUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${SERVER_TEMPLATE_DATABASE}`);
    await admin.end();
    return {
      target: { kind: "server", databaseUrl: databaseUrlFor(serverTestUrl(), name) },
      async drop() {
        const cleaner = new pg.Client({ connectionString: serverTestUrl() });
        await cleaner.connect();
        await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleaner.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-processes-"));
  return { target: { kind: "embedded", dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
