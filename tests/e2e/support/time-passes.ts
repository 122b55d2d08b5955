import { sql } from "drizzle-orm";
import { session } from "~/auth/schema";
import { cadenceEnrolments, cadenceStepSends } from "~/cadences/schema";
import { db } from "~/db/connection.server";
import { onEmbeddedDatabase } from "../../support/embedded-data-dir";

// Time passing for a stopped app (`AppServer.whileStopped`): what its clock would have moved,
// moved back in its data directory instead, so a test does not wait it out. In this process:
// PGlite lets one process hold the directory, and the app is stopped meanwhile.

/** Every session's last activity `minutes` earlier: a session is idle past the timeout. */
export function ageSessions(dataDir: string, minutes: number): Promise<void> {
  const shift = sql.raw(`interval '${String(Math.trunc(minutes))} minutes'`);
  return onEmbeddedDatabase(dataDir, async () => {
    await db().update(session).set({ updatedAt: sql`${session.updatedAt} - ${shift}` });
  });
}

/** Every cadence enrolment (enrolment, schedule and the steps already handled) `hours` earlier: a delayed step is due now. */
export function ageCadenceEnrolments(dataDir: string, hours: number): Promise<void> {
  const shift = sql.raw(`interval '${String(Math.trunc(hours))} hours'`);
  return onEmbeddedDatabase(dataDir, () =>
    db().transaction(async (tx) => {
      await tx.update(cadenceEnrolments).set({
        enrolledAt: sql`${cadenceEnrolments.enrolledAt} - ${shift}`,
        nextStepDueAt: sql`${cadenceEnrolments.nextStepDueAt} - ${shift}`,
      });
      await tx.update(cadenceStepSends).set({
        dueAt: sql`${cadenceStepSends.dueAt} - ${shift}`,
        createdAt: sql`${cadenceStepSends.createdAt} - ${shift}`,
      });
    }),
  );
}
