import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "~/db/connection.server";
import { testDatabaseKind } from "../support/database-kind";
import { openEmptyDatabase } from "../support/test-database";

async function schemaShape(handle: DatabaseHandle) {
  const tables = await queryRows<{ table_name: string }>(
    handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  const applied = await queryRows<{ count: number }>(handle.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return { tables: tables.map((row) => row.table_name), applied: applied[0]?.count ?? 0 };
}

let opened: Awaited<ReturnType<typeof openEmptyDatabase>> | undefined;
afterEach(async () => {
  await opened?.drop();
  opened = undefined;
});

describe(`migrations on ${testDatabaseKind() === "embedded" ? "an empty PGlite" : "an empty PostgreSQL database"}`, () => {
  it("create the whole data model, and applying them again changes nothing", async () => {
    opened = await openEmptyDatabase();
    await opened.handle.migrate();
    const first = await schemaShape(opened.handle);
    for (const table of ["leads", "lead_timeline_events", "clients", "projects", "project_tasks", "tier_task_templates", "invoices", "invoice_line_items", "add_ons", "project_add_ons", "consultations", "consultation_bookings", "availability_slots", "recurring_availability", "blocked_dates", "organization_settings", "campaigns", "referrals", "email_templates", "cadences", "email_logs", "email_outbox", "user_roles", "admin_table_preferences", "user", "session", "account", "verification"]) {
      expect(first.tables).toContain(table);
    }
    expect(first.applied).toBeGreaterThan(0);

    await opened.handle.migrate();
    expect(await schemaShape(opened.handle)).toEqual(first);
  });

  it("enable pg_trgm for the admin lists' search", async () => {
    opened = await openEmptyDatabase();
    await opened.handle.migrate();
    const [row] = await queryRows<{ similar: number }>(opened.handle.db, sql`select similarity('sistersite', 'sister site') as similar`);
    expect(row?.similar).toBeGreaterThan(0.3);
  });
});
