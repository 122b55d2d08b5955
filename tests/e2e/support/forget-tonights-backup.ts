// Forgets the nights the browser run's database records as backed up (tonights-backup.ts), so
// the app started on DATA_DIR makes its nightly backup at once, as a new installation does.
// Run with `node --import tsx`.
import { nightlyBackups } from "~/backups/schema";
import { db } from "~/db/connection.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

try {
  await openStorage();
  await db().delete(nightlyBackups);
} finally {
  await stopApplication();
}
