import { createHash } from "node:crypto";

/**
 * Which database the database suites run on: the embedded PGlite, or the
 * PostgreSQL server of TEST_DATABASE_URL (npm test runs them on both when it is set).
 */
export type TestDatabaseKind = "embedded" | "server";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB_KIND === "server" ? "server" : "embedded";
}

export function serverTestUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB_KIND=server needs TEST_DATABASE_URL");
  return url;
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One template per checkout, so that two clones can run their suites on one server at once. */
export const SERVER_TEMPLATE_DATABASE = `agency_test_template_${createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8)}`;
