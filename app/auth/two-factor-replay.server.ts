import { lt } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { totpLastSteps } from "./schema";

/**
 * Records `step` as the account's last used authenticator step, unless that step or a later one
 * was used already; answers whether it was recorded. One conditional upsert: of two requests (in
 * two processes) with the same code, exactly one records it, and the other is a replay.
 */
export async function claimTotpStep(userId: string, step: number, now: Date = new Date()): Promise<boolean> {
  const claimed = await db()
    .insert(totpLastSteps)
    .values({ userId, lastStep: step, usedAt: now })
    .onConflictDoUpdate({ target: totpLastSteps.userId, set: { lastStep: step, usedAt: now }, setWhere: lt(totpLastSteps.lastStep, step) })
    .returning({ userId: totpLastSteps.userId });
  return claimed.length > 0;
}
