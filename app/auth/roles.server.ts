import { and, asc, eq, sql } from "drizzle-orm";
import { Refusal } from "~/refusal/refusal";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { user, userRoles } from "./schema";

/**
 * A role is held only by an account whose address its owner has proven (an admin invitation's
 * link followed, or the console's first admin): a role row of any other account counts for nothing.
 */
const heldAdminRole = and(eq(userRoles.role, "admin"), eq(user.emailVerified, true));

export async function isAdmin(userId: string): Promise<boolean> {
  const rows = await db()
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.userId, userId), heldAdminRole))
    .limit(1);
  return rows.length > 0;
}

export async function adminCount(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(heldAdminRole);
  return row?.count ?? 0;
}

export type AdminAccount = { id: string; name: string; email: string; twoFactorEnabled: boolean; adminSince: Date };

/** Every admin, oldest first. */
export async function listAdmins(executor: DatabaseExecutor = db()): Promise<AdminAccount[]> {
  const rows = await executor
    .select({ id: user.id, name: user.name, email: user.email, twoFactorEnabled: user.twoFactorEnabled, adminSince: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(heldAdminRole)
    .orderBy(asc(userRoles.createdAt), asc(user.email));
  return rows.map((row) => ({ ...row, twoFactorEnabled: row.twoFactorEnabled === true }));
}

export async function findUserByEmail(email: string, executor: DatabaseExecutor = db()) {
  const [found] = await executor
    .select({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return found;
}

export class UnknownUserError extends Refusal {
  constructor(email: string) {
    super(`No account uses ${email}.`, { status: 404, field: "email" });
  }
}

export const LAST_ADMIN_MESSAGE = "This is the only admin. Make another account an admin before removing this one.";

/** Records that the owner of the account's address proved it (an invitation followed, or the console's first admin). */
export async function markAddressProven(userId: string, executor: DatabaseExecutor = db()): Promise<void> {
  await executor.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
}

/**
 * Gives the admin role to the account of `email`, which must hold a proven address: an address
 * nobody proved (anyone may create an account for any address) never holds a role. Invitations
 * (admin-invitations.server.ts) are how an address is proven.
 */
export async function grantAdmin(email: string, executor: DatabaseExecutor = db()): Promise<{ id: string; email: string; granted: boolean }> {
  const found = await findUserByEmail(email, executor);
  if (!found) throw new UnknownUserError(email);
  if (!found.emailVerified) throw new Refusal(`${found.email} has not proven this address. Send an invitation instead.`, { status: 409, field: "email" });
  const inserted = await executor.insert(userRoles).values({ userId: found.id, role: "admin" }).onConflictDoNothing().returning();
  return { id: found.id, email: found.email, granted: inserted.length > 0 };
}

/**
 * Takes the admin role from an account; returns false when it was not an admin. The last admin
 * is refused: the admin rows are locked first, so two admins removing each other at once leave one.
 */
export async function revokeAdminRole(userId: string, executor: DatabaseExecutor): Promise<boolean> {
  const admins = await executor
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  if (!admins.some((admin) => admin.userId === userId)) return false;
  if (admins.length <= 1) throw new Refusal(LAST_ADMIN_MESSAGE, { status: 409 });
  await executor.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return true;
}
