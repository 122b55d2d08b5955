import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/connection.server";
import { declaredKeptReads } from "~/db/kept-reads.server";
import { withTestDatabase } from "../support/test-database";

// Every kept read names the tables it depends on (decision 041); a change to one of them must drop
// it, so each such table has a trigger that notifies the read's channel on every committed write.

const database = withTestDatabase();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

/** The modules of app/ that declare a kept read, loaded so that their declarations are made. */
async function loadEveryDeclaration(): Promise<string[]> {
  const declaring = sourceFiles(path.resolve("app")).filter((file) => /declareKeptRead\(\{/.test(fs.readFileSync(file, "utf8")) && !file.endsWith("kept-reads.server.ts"));
  for (const file of declaring) await import(/* @vite-ignore */ file);
  return declaring;
}

/** Each table's triggers and the channel each notifies (notify_kept_reads names it; notify_booking_pages is "booking_pages"). */
async function notifyingTriggers(): Promise<{ table: string; channel: string }[]> {
  const rows = await queryRows<{ table: string; fn: string; args: string }>(
    database.handle().db,
    sql`select c.relname as "table", p.proname as fn, encode(t.tgargs, 'escape') as args
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal`,
  );
  return rows.flatMap((row) => {
    if (row.fn === "notify_booking_pages") return [{ table: row.table, channel: "booking_pages" }];
    if (row.fn === "notify_kept_reads") return [{ table: row.table, channel: row.args.split("\\000")[0] ?? "" }];
    return [];
  });
}

describe("the kept reads", () => {
  it("each name the tables they depend on, and each such table notifies the read's channel on every write", async () => {
    const modules = await loadEveryDeclaration();
    const declared = declaredKeptReads();
    expect(modules.length).toBeGreaterThanOrEqual(4);
    expect(declared.map((read) => read.name)).toEqual(expect.arrayContaining(["the settings row", "a session the guard judged", "a booking link's page"]));
    const triggers = await notifyingTriggers();
    const missing = declared.flatMap((read) =>
      read.dependsOn.filter((table) => !triggers.some((trigger) => trigger.table === table && trigger.channel === read.channel)).map((table) => `${read.name}: ${table} → ${read.channel}`),
    );
    expect(missing).toEqual([]);
  });

  it("a table named that does not notify is found", async () => {
    // The check itself: a declaration naming a table without its trigger is reported.
    const triggers = await notifyingTriggers();
    expect(triggers.some((trigger) => trigger.table === "leads" && trigger.channel === "organization_settings")).toBe(false);
    expect(triggers.some((trigger) => trigger.table === "organization_settings" && trigger.channel === "organization_settings")).toBe(true);
  });
});
