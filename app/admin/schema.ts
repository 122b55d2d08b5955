import { sql } from "drizzle-orm";
import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { updatedAt } from "~/db/columns";
import { user } from "~/auth/schema";

/**
 * Which columns an admin hid in a back-office table (the data table's "Columns" menu), kept on
 * the server so the choice follows the admin to any browser and the first render already hides
 * them. One row per admin and table; a column not listed is shown.
 */
export const adminTablePreferences = pgTable(
  "admin_table_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** A key of TABLE_COLUMNS (app/lists/table-columns.ts), e.g. `leads`. */
    tableId: text("table_id").notNull(),
    hiddenColumns: text("hidden_columns").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tableId] })],
);
