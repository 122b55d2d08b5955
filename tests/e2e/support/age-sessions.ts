// Moves every session's last activity in DATA_DIR back by the given minutes, so a session is idle
// past the timeout without waiting for it. The app must be stopped: PGlite lets one process hold
// the data directory. Run with `node --import tsx`.
import { sql } from "drizzle-orm";
import { session } from "~/auth/schema";
import { db } from "~/db/connection.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

const minutes = Number(process.argv[2] ?? "2");
const shift = sql.raw(`interval '${String(Math.trunc(minutes))} minutes'`);

try {
  await openStorage();
  await db().update(session).set({ updatedAt: sql`${session.updatedAt} - ${shift}` });
} finally {
  await stopApplication();
}
