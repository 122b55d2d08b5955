import { eq, sql } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { declareKeptRead, keptShelf } from "~/db/kept-reads.server";
import { adminTablePreferences } from "./schema";
import { hiddenColumnsOf, isTableId, type HiddenColumnsByTable, type TableId } from "~/lists/table-columns";

/** The channel the preferences' triggers notify on every write (migration 0027). */
export const TABLE_PREFERENCES_CHANNEL = "admin_table_preferences";

/** Each admin's hidden columns, kept per process until a write to them is heard (decision 041). */
const keptHiddenColumns = keptShelf<HiddenColumnsByTable>(
  declareKeptRead({ name: "an admin's hidden columns", channel: TABLE_PREFERENCES_CHANNEL, dependsOn: [adminTablePreferences] }),
  { maxAgeMs: 10_000, limit: 200, where: "embedded" },
);

/** The columns this admin hid, per table; read by the admin layout so every table renders without them. */
export function hiddenColumnsByTable(userId: string): Promise<HiddenColumnsByTable> {
  return keptHiddenColumns().get(userId, new Date(), async () => ({ value: Object.freeze(await readHiddenColumns(userId)), until: Infinity }));
}

async function readHiddenColumns(userId: string): Promise<HiddenColumnsByTable> {
  const rows = await db()
    .select({ tableId: adminTablePreferences.tableId, hiddenColumns: adminTablePreferences.hiddenColumns })
    .from(adminTablePreferences)
    .where(eq(adminTablePreferences.userId, userId));
  const byTable: HiddenColumnsByTable = {};
  for (const row of rows) {
    if (isTableId(row.tableId)) byTable[row.tableId] = hiddenColumnsOf(row.tableId, row.hiddenColumns);
  }
  return byTable;
}

/** Replaces this admin's hidden columns of one table (the whole list, so two quick clicks cannot interleave into a mix). */
export async function saveHiddenColumns(userId: string, tableId: TableId, hidden: readonly string[]): Promise<string[]> {
  const hiddenColumns = hiddenColumnsOf(tableId, hidden);
  await db()
    .insert(adminTablePreferences)
    .values({ userId, tableId, hiddenColumns })
    .onConflictDoUpdate({
      target: [adminTablePreferences.userId, adminTablePreferences.tableId],
      set: { hiddenColumns, updatedAt: sql`now()` },
    });
  return hiddenColumns;
}
