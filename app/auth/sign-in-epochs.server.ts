import { eq, sql } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { signInEpochs } from "./schema";

/**
 * An account's sign-in epoch (issue 41): the number of times all its sign-ins were ended. What
 * outlives a session is made under the epoch of its moment and holds only while it is still the
 * account's: a browser's own sign-in allowance (its device cookie, sign-in-policy.server.ts) and an
 * admin's calendar feed. A new password, "sign out everywhere" and a role taken away move it on
 * (`endSessions` does, for every caller), and with it everything made before.
 */
export async function signInEpochOf(userId: string, executor: DatabaseExecutor = db()): Promise<number> {
  const [row] = await executor.select({ epoch: signInEpochs.epoch }).from(signInEpochs).where(eq(signInEpochs.userId, userId));
  return row?.epoch ?? 0;
}

/** Moves the account's epoch on, in the caller's transaction: every device allowance and calendar feed made before ends. */
export async function advanceSignInEpoch(executor: DatabaseExecutor, userId: string, now: Date = new Date()): Promise<void> {
  await executor
    .insert(signInEpochs)
    .values({ userId, epoch: 1, changedAt: now })
    .onConflictDoUpdate({ target: signInEpochs.userId, set: { epoch: sql`${signInEpochs.epoch} + 1`, changedAt: now } });
}
