import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { user, userRoles } from "./schema";

export async function isAdmin(userId: string): Promise<boolean> {
  const rows = await db()
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

export async function adminCount(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"));
  return row?.count ?? 0;
}

export async function findUserByEmail(email: string) {
  const [found] = await db()
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return found;
}

export class UnknownUserError extends Error {
  constructor(email: string) {
    super(`No account uses ${email}. The person must create an account at /auth first.`);
  }
}

export async function grantAdmin(email: string): Promise<void> {
  const found = await findUserByEmail(email);
  if (!found) throw new UnknownUserError(email);
  await db().insert(userRoles).values({ userId: found.id, role: "admin" }).onConflictDoNothing();
}

/** Returns false when the account was not an admin. */
export async function revokeAdmin(email: string): Promise<boolean> {
  const found = await findUserByEmail(email);
  if (!found) throw new UnknownUserError(email);
  const removed = await db()
    .delete(userRoles)
    .where(and(eq(userRoles.userId, found.id), eq(userRoles.role, "admin")))
    .returning();
  return removed.length > 0;
}
