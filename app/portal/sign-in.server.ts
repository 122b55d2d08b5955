import { and, eq, gt, isNull } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { findClient, findClientsByAddress } from "~/clients/clients.server";
import type { Client } from "~/clients/schema";
import { config } from "~/config.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { formatDateTime } from "~/formatting/dates";
import { notFound, Refusal } from "~/forms/refusal";
import { refuseIfAbusive } from "~/request-safety/public-form-limits.server";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { recordPortalEvent } from "./portal-activity.server";
import { hashOfSecret, isPortalSecret, newPortalSecret } from "./portal-secrets.server";
import { startPortalSession } from "./portal-session.server";
import { LINK_UNUSABLE, PORTAL_UNAVAILABLE } from "./portal-texts";
import { portalSignInLinks } from "./schema";

/**
 * Signing in to the client portal without a password (decision 033): a one-time link e-mailed to a
 * client's address. The link's secret is 256 random bits, kept only as its hash; it works for
 * 15 minutes, once (a conditional update claims it), and only while the address it was sent to is
 * still the client's. Asking for one answers the same whether or not the address is a client's.
 */
export const SIGN_IN_LINK_MINUTES = 15;

/** Where a client uses a link: `/portal/sign-in/{secret}`. */
export function signInLinkUrl(secret: string): string {
  return `${config().publicUrl}/portal/sign-in/${secret}`;
}

function portalOnOrRefuse(settings: OrganizationSettings): string {
  const link = clientPortalLink(settings);
  if (!link) throw notFound(PORTAL_UNAVAILABLE);
  return link;
}

/** A new link for the client's current address and its e-mail, in the caller's transaction. */
async function issueSignInLink(tx: DatabaseExecutor, client: Client, settings: OrganizationSettings, now: Date, actorUserId: string | null): Promise<void> {
  const secret = newPortalSecret();
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
  await tx.insert(portalSignInLinks).values({ clientId: client.id, email: client.email, tokenHash: hashOfSecret(secret), expiresAt, createdAt: now });
  await enqueueTemplatedEmail(tx, {
    templateKey: "portal_sign_in",
    to: client.email,
    toName: client.name,
    emailType: "portal_sign_in",
    leadId: client.leadId,
    actorUserId,
    metadata: { clientId: client.id },
    variables: {
      FirstName: client.name.trim().split(/\s+/)[0] ?? client.name,
      CompanyName: settings.companyName ?? "Our studio",
      PortalSignInLink: signInLinkUrl(secret),
      PortalLink: portalOnOrRefuse(settings),
      ValidUntil: `${formatDateTime(expiresAt, settings.timezone)} (${settings.timezone})`,
    },
  });
}

/**
 * The sign-in form of /portal: counted against the visitor and the address like the public forms
 * (a refusal says nothing of whose address it is), then a link to each client with the address
 * (at most three: one person may be a client for several businesses). Nothing is said of whether
 * any was sent.
 */
export async function requestSignInLink(
  input: { email: string; website?: string | undefined },
  submitter: { clientAddress: string; now?: Date },
): Promise<void> {
  const settings = await getOrganizationSettings();
  portalOnOrRefuse(settings);
  await refuseIfAbusive("portal-sign-in", input, submitter);
  const now = submitter.now ?? new Date();
  for (const client of await findClientsByAddress(input.email)) {
    await db().transaction((tx) => issueSignInLink(tx, client, settings, now, null));
  }
}

/** 'Send portal link' on a client's page: a sign-in link to the client's address, recorded in the audit log. */
export async function sendPortalLink(actor: Actor, clientId: string, now = new Date()): Promise<Client> {
  const settings = await getOrganizationSettings();
  if (!settings.clientPortalEnabled) throw new Refusal("The client portal is switched off. Switch it on in Settings › Organization first.", { status: 409 });
  const client = await findClient(clientId);
  if (!client) throw notFound("This client no longer exists.");
  await db().transaction(async (tx) => {
    await issueSignInLink(tx, client, settings, now, actor.userId);
    await recordAuditEntry(tx, actor, {
      action: "client.send-portal-link",
      entityType: "client",
      entityId: client.id,
      summary: "Sent a client a sign-in link to the client portal",
    });
  });
  return client;
}

/** Whether a link would sign in now (the page before it is used says so); it is not used by looking. */
export async function signInLinkIsUsable(secret: string | undefined, now = new Date()): Promise<boolean> {
  if (!isPortalSecret(secret)) return false;
  const [link] = await db()
    .select({ id: portalSignInLinks.id })
    .from(portalSignInLinks)
    .where(and(eq(portalSignInLinks.tokenHash, hashOfSecret(secret)), isNull(portalSignInLinks.usedAt), gt(portalSignInLinks.expiresAt, now)));
  return link !== undefined;
}

/**
 * Uses a link: claims it with one conditional update (unused and unexpired, so two clicks sign in
 * once), checks the address it was sent to is still the client's, and opens a session. Answers the
 * session cookie's Set-Cookie header. Refused (410) when the link is unknown, used, expired or for
 * an address the client no longer has.
 */
export async function redeemSignInLink(secret: string | undefined, now = new Date()): Promise<string> {
  const settings = await getOrganizationSettings();
  portalOnOrRefuse(settings);
  const unusable = () => new Refusal(LINK_UNUSABLE, { status: 410 });
  if (!isPortalSecret(secret)) throw unusable();
  return db().transaction(async (tx) => {
    const [link] = await tx
      .update(portalSignInLinks)
      .set({ usedAt: now })
      .where(and(eq(portalSignInLinks.tokenHash, hashOfSecret(secret)), isNull(portalSignInLinks.usedAt), gt(portalSignInLinks.expiresAt, now)))
      .returning();
    if (!link) throw unusable();
    const client = await findClient(link.clientId, tx);
    if (!client || client.email.toLowerCase() !== link.email.toLowerCase()) throw unusable();
    const cookie = await startPortalSession(tx, client.id, now);
    await recordPortalEvent(client.id, { kind: "signed_in" }, tx);
    return cookie;
  });
}
