import fs from "node:fs";
import path from "node:path";
import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import { MIGRATION_TAGS } from "~/db/migration-journal";
import * as schema from "./schema";

// `npm test` (so CI) fails when a schema.ts changes without its migration: the tables as the code
// declares them are compared with the snapshot drizzle-kit wrote with the newest migration, as
// `npm run db:generate` would compare them. Any difference is a migration not generated.

const meta = path.resolve("app/db/migrations/meta");

function newestSnapshot(): DrizzleSnapshotJSON {
  const index = String(MIGRATION_TAGS.length - 1).padStart(4, "0");
  return JSON.parse(fs.readFileSync(path.join(meta, `${index}_snapshot.json`), "utf8")) as DrizzleSnapshotJSON;
}

async function missingMigration(imports: Record<string, unknown>): Promise<string[]> {
  const snapshot = newestSnapshot();
  return generateMigration(snapshot, generateDrizzleJson(imports, snapshot.id));
}

describe("the schema and the migrations", () => {
  it("agree: every change to a schema.ts has its migration", async () => {
    expect(await missingMigration(schema)).toEqual([]);
  });

  it("disagree, as the check says, when a table or a column is added without one", async () => {
    const probe = pgTable("schema_check_probe", { id: uuid("id").primaryKey(), note: text("note") });
    expect((await missingMigration({ ...schema, probe })).join("\n")).toContain('CREATE TABLE "schema_check_probe"');
  });

  it("each migration in the journal has its SQL file and its snapshot", () => {
    MIGRATION_TAGS.forEach((tag, index) => {
      expect(fs.existsSync(path.resolve("app/db/migrations", `${tag}.sql`)), tag).toBe(true);
      expect(fs.existsSync(path.join(meta, `${String(index).padStart(4, "0")}_snapshot.json`)), tag).toBe(true);
    });
  });
});
