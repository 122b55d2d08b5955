import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { redirect } from "react-router";
import { findClient } from "~/clients/client-lookups.server";
import type { Client } from "~/clients/schema";
import { config } from "~/config.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { recordNotFound } from "~/http/record-not-found";
import { CLIENT_PORTAL_PATH } from "~/organization/client-portal-link.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { hashOfSecret, isPortalSecret, newPortalSecret } from "./portal-secrets.server";
import { PORTAL_UNAVAILABLE } from "./portal-texts";
import { portalSessions, portalSignInLinks } from "./schema";

/**
 * The portal's session: its own cookie and its own table, never better-auth's (decision 033). The
 * back-office reads neither, and the portal reads no admin session, so one can never stand in for
 * the other. The cookie holds a 256-bit secret; the table its hash, the client, and its times.
 */
export const PORTAL_COOKIE = "portal_session";

/** A session ends after a week without a visit, and a month after it began, whichever comes first. */
const IDLE_MS = 7 * 24 * 3_600_000;
const LIFETIME_MS = 30 * 24 * 3_600_000;
/** The last visit is written at most this often: a visit's page views do not each write. */
const SEEN_EVERY_MS = 5 * 60_000;

export type PortalClient = Client & { sessionId: string };

function cookieHeader(value: string, maxAgeSeconds: number): string {
  const secure = config().publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${PORTAL_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function secretOf(request: Request): string | null {
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === PORTAL_COOKIE) {
      const secret = value.join("=");
      return isPortalSecret(secret) ? secret : null;
    }
  }
  return null;
}

/** Opens a session for the client (a sign-in link was just used), inside the caller's transaction; answers its Set-Cookie header. */
export async function startPortalSession(tx: DatabaseExecutor, clientId: string, now: Date): Promise<string> {
  const secret = newPortalSecret();
  await tx.insert(portalSessions).values({ clientId, tokenHash: hashOfSecret(secret), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + LIFETIME_MS) });
  return cookieHeader(secret, LIFETIME_MS / 1000);
}

/** Ends the request's session (signing out): its row goes, and the answer clears the cookie. */
export async function endPortalSession(request: Request): Promise<string> {
  const secret = secretOf(request);
  if (secret) await db().delete(portalSessions).where(eq(portalSessions.tokenHash, hashOfSecret(secret)));
  return cookieHeader("", 0);
}

/** Whether Settings › Organization has the portal on. */
export async function portalIsOn(): Promise<boolean> {
  return (await getOrganizationSettings()).clientPortalEnabled;
}

/** The portal while it is on; a 404 saying it is not available while it is off. */
export async function requirePortalOn(): Promise<void> {
  if (!(await portalIsOn())) recordNotFound(PORTAL_UNAVAILABLE);
}

/**
 * The signed-in client of the request, or null: no cookie, a secret no session has, a session
 * idle or too old (deleted then), or a client gone or archived meanwhile. (Changing the client's
 * address or archiving them deletes their sessions in the same transaction: migration 0030's
 * trigger on clients; deleting them, the foreign key.)
 */
export async function findPortalClient(request: Request, now = new Date()): Promise<PortalClient | null> {
  const secret = secretOf(request);
  if (!secret) return null;
  const [session] = await db().select().from(portalSessions).where(eq(portalSessions.tokenHash, hashOfSecret(secret)));
  if (!session) return null;
  if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) {
    await db().delete(portalSessions).where(eq(portalSessions.id, session.id));
    return null;
  }
  const client = await findClient(session.clientId);
  if (!client || client.status === "archived") return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    await db().update(portalSessions).set({ lastSeenAt: now }).where(eq(portalSessions.id, session.id));
  }
  return { ...client, sessionId: session.id };
}

/**
 * The one guard of the portal's pages and actions past the sign-in: the portal must be on (else
 * 404, "not available") and the request signed in as a client (else back to the sign-in form at
 * /portal). Every read and change after it names this client's id.
 */
export async function requirePortalClient(request: Request, now = new Date()): Promise<PortalClient> {
  await requirePortalOn();
  const client = await findPortalClient(request, now);
  if (!client) throw redirect(CLIENT_PORTAL_PATH);
  return client;
}

/**
 * 'Sign out of the portal' on the client's page: every portal session of the client ends, and so do
 * their unused sign-in links, as when the client loses the right to the portal (a link still in a
 * mailbox would otherwise sign in again). Audited; answers how many sessions ended.
 */
export async function endPortalSessionsOf(actor: Actor, clientId: string, now = new Date()): Promise<number> {
  return db().transaction(async (tx) => {
    const ended = await tx.delete(portalSessions).where(eq(portalSessions.clientId, clientId)).returning({ id: portalSessions.id });
    await retireUnusedSignInLinks(tx, clientId, now);
    await recordAuditEntry(tx, actor, {
      action: "client.portal-sign-out",
      entityType: "client",
      entityId: clientId,
      summary: `Signed a client out of the client portal (${ended.length} session(s))`,
    });
    return ended.length;
  });
}

/** Every sign-in link of the client not used yet expires now (migration 0030's trigger does the same when the client loses the portal). */
export async function retireUnusedSignInLinks(tx: DatabaseExecutor, clientId: string, now: Date): Promise<void> {
  await tx
    .update(portalSignInLinks)
    .set({ expiresAt: now })
    .where(and(eq(portalSignInLinks.clientId, clientId), isNull(portalSignInLinks.usedAt), gt(portalSignInLinks.expiresAt, now)));
}

/** Deletes sessions past their time and sign-in links expired a day ago (a recurring job); answers how many of each. */
export async function deleteEndedPortalAccess(now = new Date()): Promise<{ sessions: number; links: number }> {
  const sessions = await db()
    .delete(portalSessions)
    .where(or(lt(portalSessions.expiresAt, now), lt(portalSessions.lastSeenAt, new Date(now.getTime() - IDLE_MS))))
    .returning({ id: portalSessions.id });
  const links = await db()
    .delete(portalSignInLinks)
    .where(lt(portalSignInLinks.expiresAt, new Date(now.getTime() - 24 * 3_600_000)))
    .returning({ id: portalSignInLinks.id });
  return { sessions: sessions.length, links: links.length };
}
