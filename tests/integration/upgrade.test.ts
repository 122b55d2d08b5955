import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows, setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { MIGRATION_TAGS } from "~/db/migration-journal";
import { DEFAULT_EMAIL_TEMPLATES } from "~/email/default-templates";
import journal from "~/db/migrations/meta/_journal.json";
import { seedReferenceData } from "~/reference-data.server";
import { testDatabaseKind } from "../support/database-kind";
import { openEmptyDatabase } from "../support/test-database";

// Upgrades proven on real data: a database as commit e98fcbf left it (its migrations, before the
// settings and e-mail work) holding that commit's demo data, started on with today's code.

const FIXTURE = path.resolve("tests/fixtures/upgrade-from-e98fcbf");

type Rows = Map<string, Map<string, Record<string, unknown>>>;

/** Every row of every table, by table and primary key. */
async function rowsByKey(handle: DatabaseHandle): Promise<Rows> {
  const keys = await queryRows<{ table_name: string; columns: string[] }>(
    handle.db,
    sql`select tc.table_name, array_agg(kcu.column_name::text order by kcu.ordinal_position) as columns
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
        group by tc.table_name`,
  );
  const tables: Rows = new Map();
  for (const { table_name: table, columns } of keys) {
    const rows = await queryRows<{ row: Record<string, unknown> }>(handle.db, sql`select row_to_json(t) as row from ${sql.identifier(table)} t`);
    tables.set(table, new Map(rows.map(({ row }) => [columns.map((column) => String(row[column])).join("|"), row])));
  }
  return tables;
}

/** A timestamp's text as an instant: a migration may round it to milliseconds. */
function sameValue(before: unknown, after: unknown): boolean {
  if (typeof before === "string" && typeof after === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(before)) {
    return Math.abs(Date.parse(before) - Date.parse(after)) <= 1;
  }
  return JSON.stringify(before) === JSON.stringify(after);
}

/**
 * A shipped e-mail template nobody saved (version 1) follows the text shipped now (the seed brings
 * it up to date); its text is not data the upgrade must keep. An edited one (version 2+) is.
 */
const SHIPPED_TEXT_COLUMNS = new Set(["name", "subject", "preheader", "body_text", "body_html", "updated_at"]);
function shippedText(table: string, row: Record<string, unknown>, column: string): boolean {
  return table === "email_templates" && row.key !== null && row.version === 1 && SHIPPED_TEXT_COLUMNS.has(column);
}

/** The fixture's statements, one INSERT or setval each (a value may span lines). */
function fillStatements(): string[] {
  const text = fs.readFileSync(path.join(FIXTURE, "fill.sql"), "utf8").replace(/^--.*\n/gm, "");
  return text.split(/;\n\s*(?=INSERT INTO |SELECT pg_catalog\.setval)/).map((statement) => statement.trim().replace(/;$/, "")).filter(Boolean);
}

let opened: Awaited<ReturnType<typeof openEmptyDatabase>> | undefined;
afterEach(async () => {
  setCurrentDatabase(undefined);
  await opened?.drop();
  opened = undefined;
});

describe(`an upgrade from e98fcbf on ${testDatabaseKind() === "embedded" ? "PGlite" : "PostgreSQL"}`, () => {
  it("keeps every row of the earlier database, and applies every migration up to the newest", async () => {
    opened = await openEmptyDatabase();
    const { handle } = opened;
    await handle.migrate(path.join(FIXTURE, "migrations"));
    for (const statement of fillStatements()) await handle.db.execute(sql.raw(statement));
    const before = await rowsByKey(handle);
    expect(before.get("leads")?.size).toBe(40);
    expect(before.get("invoices")?.size).toBe(2);
    expect(before.get("campaigns")?.size).toBe(2);

    // What `npm start` does with today's code: migrate, then seed the reference data.
    await handle.migrate();
    setCurrentDatabase(handle);
    await seedReferenceData();
    const after = await rowsByKey(handle);

    const lost: string[] = [];
    for (const [table, rows] of before) {
      for (const [key, row] of rows) {
        const now = after.get(table)?.get(key);
        if (!now) {
          lost.push(`${table} ${key}: gone`);
          continue;
        }
        for (const [column, value] of Object.entries(row)) {
          if (shippedText(table, row, column)) continue;
          if (column in now && !sameValue(value, now[column])) lost.push(`${table} ${key}: ${column} was ${JSON.stringify(value)}, is ${JSON.stringify(now[column])}`);
        }
      }
    }
    expect(lost).toEqual([]);
    // …and what nobody edited there reads as shipped now.
    const templates = [...(after.get("email_templates")?.values() ?? [])].filter((template) => template.key !== null && template.version === 1);
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      const shipped = DEFAULT_EMAIL_TEMPLATES.find((entry) => entry.key === template.key);
      expect({ subject: template.subject, body_text: template.body_text, body_html: template.body_html }, String(template.key)).toEqual({
        subject: shipped?.subject,
        body_text: shipped?.bodyText,
        body_html: shipped?.bodyHtml,
      });
    }

    const applied = await queryRows<{ count: number; newest: string }>(handle.db, sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`);
    expect(applied[0]).toEqual({ count: MIGRATION_TAGS.length, newest: String(journal.entries.at(-1)?.when) });
  }, 120_000);
});
