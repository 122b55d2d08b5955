import { and, desc, eq, getTableName, gt, lt, ne } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { getAuth } from "./auth.server";
import { SIGNING_SECRET } from "./instance-secrets.server";
import { instanceSecrets, session, sessionConfirmations, verification } from "./schema";
import { advanceSignInEpoch } from "./sign-in-epochs.server";
import { sessionActivity } from "./session-timeout";

/**
 * Applies the idle timeout to a session on each admin request: past the timeout the session is
 * deleted (every process then sees it gone) and `false` is answered; otherwise its last activity
 * is recorded when due. The write is conditional, so two requests at once write once.
 */
export async function keepSessionActive(
  current: { id: string; updatedAt: Date },
  timeoutMinutes: number,
  now: Date = new Date(),
): Promise<boolean> {
  const activity = sessionActivity(new Date(current.updatedAt), timeoutMinutes, now);
  if (activity === "idle") {
    await db().delete(session).where(eq(session.id, current.id));
    return false;
  }
  if (activity === "record") {
    await db()
      .update(session)
      .set({ updatedAt: now })
      .where(and(eq(session.id, current.id), lt(session.updatedAt, now)));
  }
  return true;
}

/**
 * The idle timeout (Settings › Security) for a request signed in with `current`, wherever it
 * arrives, a back-office page or `/api/auth`: null while the session is active; once it has been
 * idle too long the session is gone and the answer's headers clear the browser's cookies.
 */
export async function endIdleSession(current: { id: string; updatedAt: Date }, timeoutMinutes: number, requestHeaders: Headers): Promise<Headers | null> {
  if (await keepSessionActive(current, timeoutMinutes)) return null;
  const auth = await getAuth();
  // The session row is gone already; this only clears the browser's cookies.
  const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
  return headers;
}

export type ActiveSession = {
  id: string;
  userId: string;
  userAgent: string | null;
  ipAddress: string | null;
  lastActiveAt: Date;
  createdAt: Date;
};

/** A user's sessions not yet expired, most recently active first. */
export async function listActiveSessions(userId: string, now: Date = new Date()): Promise<ActiveSession[]> {
  return db()
    .select({
      id: session.id,
      userId: session.userId,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      lastActiveAt: session.updatedAt,
      createdAt: session.createdAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
}

/**
 * Ends every session of a user, except `keepSessionId` (the admin's own, when signing out their
 * other devices), and what outlives a session with them: the account's sign-in epoch moves on, so
 * its browsers' sign-in allowances and its calendar feed end too (issue 41). Answers how many
 * sessions ended.
 */
export async function endSessions(executor: DatabaseExecutor, userId: string, keepSessionId?: string): Promise<number> {
  await advanceSignInEpoch(executor, userId);
  const ended = await executor
    .delete(session)
    .where(keepSessionId ? and(eq(session.userId, userId), ne(session.id, keepSessionId)) : eq(session.userId, userId))
    .returning({ id: session.id });
  return ended.length;
}

/**
 * What a copy of the database (a backup) must not hold, nor a restored one keep (issue 41): every
 * session (live tokens in clear), the confirmations and two-factor sign-ins pending on them, and the
 * secret that signs the cookies. Without them everyone is signed out, and the next start of sign-in
 * makes a new signing secret (auth.server.ts). Answers the tables it emptied, for reclaiming their bytes.
 */
export async function leaveOutSignIns(executor: DatabaseExecutor): Promise<string[]> {
  await executor.delete(sessionConfirmations);
  await executor.delete(session);
  await executor.delete(verification);
  await executor.delete(instanceSecrets).where(eq(instanceSecrets.name, SIGNING_SECRET));
  return [sessionConfirmations, session, verification, instanceSecrets].map((table) => getTableName(table));
}
