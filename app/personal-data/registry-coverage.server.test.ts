import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/schema";
import { nothingPersonal, type TableDeclaration } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { registryCoverage } from "./registry-coverage.server";
import { PERSONAL_DATA_REGISTRY } from "./registry.server";

describe("the personal-data registry", () => {
  it("classifies every text and JSON column of every table of the schema, each table declared once", () => {
    expect(registryCoverage(schema, PERSONAL_DATA_REGISTRY)).toEqual([]);
  });

  it("catches a new table, a new text or JSON column nobody classified, and a column that is not there", () => {
    const notes = pgTable("visitor_notes", { id: uuid("id").primaryKey(), note: text("note"), extra: jsonb("extra"), tags: text("tags").array() });
    // Declared without declareTable's check of the column names, as a typo would get past it.
    const withTypo: TableDeclaration = { table: notes, columns: { note: nothingPersonal("test"), missing: nothingPersonal("test") } };
    const declared = declarePersonalData({ domain: "visitors", tables: [withTypo] });
    const undeclared = pgTable("visitor_visits", { id: uuid("id").primaryKey(), page: text("page") });
    expect(registryCoverage({ notes, undeclared }, [declared])).toEqual([
      { table: "visitor_notes", column: "missing", problem: "declared, but the table has no such column" },
      { table: "visitor_notes", column: "extra", problem: "a jsonb column the registry does not classify" },
      { table: "visitor_notes", column: "tags", problem: "a text[] column the registry does not classify" },
      { table: "visitor_visits", problem: "no domain declares what this table holds about people" },
    ]);
  });
});
