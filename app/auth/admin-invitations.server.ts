import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { config } from "~/config.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { actorOf, changerName, tellAdmins, type AdminChanger } from "./admin-changes.server";
import { publish } from "~/events/domain-events";
import { getAuth } from "./auth.server";
import { findUserByEmail, grantAdmin, isAdmin, markAddressProven } from "./roles.server";
import { account, adminInvitations, totpLastSteps, twoFactor, user } from "./schema";
import { endSessions } from "./sessions.server";

/**
 * Admin invitations (issue 25, decision 029): a role goes only to the owner of an address. Anyone
 * may create an account for any address, so neither 'Invite admin' on the Security tab nor
 * `npm run admin -- grant` hands a role to the account that holds the address: they e-mail the
 * address a link (256 random bits, kept only as their SHA-256, good once, for 3 days). Following
 * it and choosing a new password there proves the address: the password replaces the account's
 * old one, every session of the account ends, a second factor set up before the address was
 * proven is removed, and only then does the role start.
 */
export const INVITATION_VALID_MS = 3 * 24 * 60 * 60_000;

const INVALID_LINK = "This invitation link does not work any more: it was used, it expired, or a newer one was sent. Ask an admin to invite you again.";

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function invitationLink(token: string): string {
  return `${config().publicUrl}/auth/invitation/${token}`;
}

/** Who invites: an admin (their Actor, and their name for the mail), or the console (`npm run admin -- grant`). */
export type Inviter = AdminChanger;

export type SentInvitation = { email: string; link: string; expiresAt: Date };

/**
 * Invites `email` to be an admin: a new invitation (the address's earlier ones stop working), its
 * e-mail, and a mail to every admin saying who invited whom (issue 41), in one transaction. Refused
 * when the address's account is an admin already.
 */
export async function inviteAdmin(inviter: Inviter, input: { email: string; name: string }, now: Date = new Date()): Promise<SentInvitation> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(email);
  if (existing && (await isAdmin(existing.id))) throw new Refusal(`${existing.email} is already an admin.`, { status: 409, field: "email" });
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS);
  const link = invitationLink(token);
  await db().transaction(async (tx) => {
    await tx
      .update(adminInvitations)
      .set({ expiresAt: now })
      .where(and(eq(adminInvitations.email, email), isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, now)));
    await tx.insert(adminInvitations).values({
      email,
      name: input.name,
      tokenHash: hashOf(token),
      invitedByUserId: "console" in inviter ? null : inviter.admin.id,
      createdAt: now,
      expiresAt,
    });
    await publish(tx, "admin.invited", { invitation: { email, name: input.name, invitedBy: "console" in inviter ? "The site's owner" : inviter.admin.name, link, expiresAt } });
    await recordAuditEntry(tx, actorOf(inviter), {
      action: "admin.invite",
      entityType: "user",
      entityId: existing?.id ?? null,
      summary: "An admin invitation was sent",
    });
    await tellAdmins(tx, `${changerName(inviter)} invited ${email} to be an admin`);
  });
  return { email, link, expiresAt };
}

/** The invitations not yet accepted and still good, oldest first (the Security tab lists them). */
export async function pendingInvitations(now: Date = new Date()) {
  return db()
    .select({ id: adminInvitations.id, email: adminInvitations.email, name: adminInvitations.name, expiresAt: adminInvitations.expiresAt })
    .from(adminInvitations)
    .where(and(isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, now)))
    .orderBy(asc(adminInvitations.createdAt));
}

/** What the invitation page shows: the address invited, or null when the link is not (or no longer) good. */
export async function openInvitation(token: string, now: Date = new Date()): Promise<{ email: string; name: string } | null> {
  const [found] = await db()
    .select({ email: adminInvitations.email, name: adminInvitations.name })
    .from(adminInvitations)
    .where(and(eq(adminInvitations.tokenHash, hashOf(token)), isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, now)));
  return found ?? null;
}

/** The account of the invited address, made when it has none, with `passwordHash` as its only password. */
async function accountWithPassword(tx: DatabaseExecutor, invited: { email: string; name: string }, credentials: NewCredentials, now: Date): Promise<string> {
  const { passwordHash } = credentials;
  const existing = await findUserByEmail(invited.email, tx);
  if (!existing) {
    const userId = credentials.newUserId;
    await tx.insert(user).values({ id: userId, name: invited.name, email: invited.email, emailVerified: true, createdAt: now, updatedAt: now, twoFactorEnabled: false });
    await tx.insert(account).values({ id: randomBytes(16).toString("hex"), accountId: userId, providerId: "credential", userId, password: passwordHash, createdAt: now, updatedAt: now });
    return userId;
  }
  const replaced = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (replaced.length === 0) {
    await tx.insert(account).values({ id: randomBytes(16).toString("hex"), accountId: existing.id, providerId: "credential", userId: existing.id, password: passwordHash, createdAt: now, updatedAt: now });
  }
  // Whoever held the account before the address was proven chose its name and may have set up its second factor: both go.
  if (!existing.emailVerified) {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, existing.id));
    await tx.delete(totpLastSteps).where(eq(totpLastSteps.userId, existing.id));
    await tx.update(user).set({ name: invited.name, twoFactorEnabled: false, updatedAt: now }).where(eq(user.id, existing.id));
  }
  await endSessions(tx, existing.id);
  return existing.id;
}

/** A password as better-auth keeps it, and the id a new account would get: worked out before a transaction opens (the embedded database has one connection). */
export type NewCredentials = { passwordHash: string; newUserId: string };

export async function newCredentials(password: string): Promise<NewCredentials> {
  const context = await (await getAuth()).$context;
  return { passwordHash: await context.password.hash(password), newUserId: context.generateId({ model: "user" }) || randomBytes(16).toString("hex") };
}

/**
 * Makes the owner of a proven address an admin, with `credentials`' password as the account's only
 * one (an account is made when the address has none): every session of it ends, a name and a
 * second factor set up before the address was proven go, and the role starts. Inside `tx`.
 */
export async function installAdmin(tx: DatabaseExecutor, owner: { email: string; name: string }, credentials: NewCredentials, now: Date = new Date()): Promise<string> {
  const userId = await accountWithPassword(tx, owner, credentials, now);
  await markAddressProven(userId, tx);
  await grantAdmin(owner.email, tx);
  return userId;
}

/**
 * Accepts an invitation with the password chosen on its page: the link is used up (a conditional
 * update, so two submissions accept once), the address counts as proven, the password replaces
 * any other, every session of the account ends and the role starts. All or nothing.
 */
export async function acceptInvitation(token: string, password: string, clientAddress: string, now: Date = new Date()): Promise<{ email: string }> {
  const credentials = await newCredentials(password);
  return db().transaction(async (tx) => {
    const [invited] = await tx
      .update(adminInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(adminInvitations.tokenHash, hashOf(token)), isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, now)))
      .returning({ email: adminInvitations.email, name: adminInvitations.name });
    if (!invited) throw new Refusal(INVALID_LINK, { status: 404 });
    const userId = await installAdmin(tx, invited, credentials, now);
    // The new admin acts for the first time: the Actor is their own account, from this request's address.
    await recordAuditEntry(tx, { userId, email: invited.email, sessionId: null, ipAddress: clientAddress }, {
      action: "admin.accept-invitation",
      entityType: "user",
      entityId: userId,
      summary: "An admin invitation was accepted and a new password chosen",
    });
    await tellAdmins(tx, `${invited.email} accepted an invitation and is now an admin`);
    return { email: invited.email };
  });
}
