import { date, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "~/db/columns";

/**
 * Each night's backup of the embedded database, claimed once (DESIGN.md "Exactly once"): the
 * unique night is inserted before the backup is made, so a restart or a second run that night
 * makes none. A claim left unfinished by a stopped process may be taken again after a while.
 */
export const nightlyBackups = pgTable("nightly_backups", {
  /** The business-local date of the night (the backup is made from 02:00 that day). */
  night: date("night", { mode: "string" }).primaryKey(),
  claimedAt: instant("claimed_at").notNull().defaultNow(),
  finishedAt: instant("finished_at"),
  /** The file in DATA_DIR/backups, once written. */
  fileName: text("file_name"),
});
