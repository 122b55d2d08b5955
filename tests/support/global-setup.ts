import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { databaseUrlFor, SERVER_TEMPLATE_DATABASE, serverTestUrl } from "./database-kind";
import { makeMigratedDataDir } from "./migrated-data-dir";

/**
 * One template per checkout, like the server's: worktrees share node_modules (a symlink), so a
 * file under it would be one template for every checkout, and one branch's migrations would leak
 * into another's run.
 */
export const EMBEDDED_TEMPLATE_FILE = path.join(
  os.tmpdir(),
  "agency-tests",
  `embedded-template-${createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8)}.tar`,
);

/**
 * Migrates one template database per run: a dumped PGlite data directory, or
 * a PostgreSQL template database. Each test file starts from a copy of it; on PGlite, each app
 * process a test starts (startAppServer) on a copy of a migrated data directory.
 */
export default async function setup(project: TestProject) {
  // The project's own kind (db:pglite or db:postgres, vitest.config.ts): both run in one process.
  if (project.config.env.TEST_DB_KIND === "server") {
    const admin = new pg.Client({ connectionString: serverTestUrl() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${SERVER_TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${SERVER_TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const { openServerDatabase } = await import("~/db/server-database.server");
    const template = openServerDatabase(databaseUrlFor(serverTestUrl(), SERVER_TEMPLATE_DATABASE), 1);
    await template.migrate();
    await template.close();
    return;
  }
  // One migration for both: the files' in-memory copies load its dump.
  const migrated = await makeMigratedDataDir();
  fs.mkdirSync(path.dirname(EMBEDDED_TEMPLATE_FILE), { recursive: true });
  fs.writeFileSync(EMBEDDED_TEMPLATE_FILE, Buffer.from(await migrated.dump.arrayBuffer()));
  project.provide("migratedDataDir", migrated.dataDir);
  return () => migrated.remove();
}
