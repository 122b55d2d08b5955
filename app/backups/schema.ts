import { date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Each night's backup of the embedded database, claimed once (DESIGN.md "Exactly once"): the
 * unique night is inserted before the backup is made, so a restart or a second run that night
 * makes none. A claim left unfinished by a stopped process may be taken again after a while.
 */
export const nightlyBackups = pgTable("nightly_backups", {
  /** The business-local date of the night (the backup is made from 02:00 that day). */
  night: date("night", { mode: "string" }).primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** The file in DATA_DIR/backups, once written. */
  fileName: text("file_name"),
});

export type NightlyBackup = typeof nightlyBackups.$inferSelect;
