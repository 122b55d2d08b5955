// Moves every cadence enrolment in DATA_DIR back in time by the given hours (enrolment, schedule and
// the steps already handled), so a delayed step is due now without waiting for it. The app must be
// stopped: PGlite lets one process hold the data directory. Run with `node --import tsx`.
import { sql } from "drizzle-orm";
import { cadenceEnrolments, cadenceStepSends } from "~/cadences/schema";
import { db } from "~/db/connection.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

const hours = Number(process.argv[2] ?? "2");
const shift = sql.raw(`interval '${String(Math.trunc(hours))} hours'`);

try {
  await openStorage();
  await db().transaction(async (tx) => {
    await tx.update(cadenceEnrolments).set({
      enrolledAt: sql`${cadenceEnrolments.enrolledAt} - ${shift}`,
      nextStepDueAt: sql`${cadenceEnrolments.nextStepDueAt} - ${shift}`,
    });
    await tx.update(cadenceStepSends).set({
      dueAt: sql`${cadenceStepSends.dueAt} - ${shift}`,
      createdAt: sql`${cadenceStepSends.createdAt} - ${shift}`,
    });
  });
} finally {
  await stopApplication();
}
