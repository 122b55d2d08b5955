import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { findClient, findClientsByAddress } from "~/clients/client-lookups.server";
import type { Client } from "~/clients/schema";
import { config } from "~/config.server";
import { db, queryRows, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { formatDateTime } from "~/formatting/dates";
import { notFound, Refusal } from "~/refusal/refusal";
import { refuseIfAbusive } from "~/request-safety/public-form-limits.server";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { recordPortalEvent } from "./portal-activity.server";
import { hashOfSecret, isPortalSecret, newPortalSecret } from "./portal-secrets.server";
import { retireUnusedSignInLinks, startPortalSession } from "./portal-session.server";
import { LINK_UNUSABLE, PORTAL_UNAVAILABLE } from "./portal-texts";
import { portalSignInLinks, portalSignInRequests } from "./schema";

/**
 * Signing in to the client portal without a password (decision 033): a one-time link e-mailed to a
 * client's address. The link's secret is 256 random bits, kept only as its hash; it works for
 * 15 minutes, once (a conditional update claims it), and only while the address it was sent to is
 * still the client's. Asking for one answers the same whether or not the address is a client's.
 */
export const SIGN_IN_LINK_MINUTES = 15;

const ARCHIVED_CLIENT = "This client is archived: the client portal is closed to them. Set another status first.";

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
    // The link signs in: every admin reads the log, and every backup holds it (issue 41).
    sealedLinks: ["PortalSignInLink"],
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
 * (a refusal says nothing of whose address it is), then queued as one row, whoever's address it
 * is: the answer does the same work, and so takes as long, for a client's address as for a
 * stranger's (issue 41; looking the address up and sending a link took 7–10 ms more for a
 * client's). The worker sends the links (`sendRequestedSignInLinks`). Nothing is said of whether
 * any will be sent.
 */
export async function requestSignInLink(
  input: { email: string; website?: string | undefined },
  submitter: { clientAddress: string; now?: Date },
): Promise<void> {
  portalOnOrRefuse(await getOrganizationSettings());
  await refuseIfAbusive("portal-sign-in", input, submitter);
  await db().insert(portalSignInRequests).values({ email: input.email.trim().toLowerCase(), requestedAt: submitter.now ?? new Date() });
}

/** How many waiting requests one run of the worker takes. */
export const SIGN_IN_REQUESTS_PER_RUN = 20;

/**
 * The worker's half of a request for a link: takes waiting requests, each exactly once whichever
 * process runs this (the row is deleted in the transaction that makes its links and mails), and
 * sends a link to each client with the address (at most three: one person may be a client for
 * several businesses; none to an archived client). An address no client has gets nothing; so does
 * every request while the portal is off. Answers how many requests it took.
 */
export async function sendRequestedSignInLinks(now = new Date()): Promise<number> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const taken = await queryRows<{ email: string }>(
      tx,
      sql`delete from ${portalSignInRequests}
          where id in (select id from ${portalSignInRequests} order by requested_at limit ${SIGN_IN_REQUESTS_PER_RUN} for update skip locked)
          returning email`,
    );
    if (!clientPortalLink(settings)) return taken.length;
    for (const { email } of taken) {
      for (const client of await findClientsByAddress(email, { executor: tx })) await issueSignInLink(tx, client, settings, now, null);
    }
    return taken.length;
  });
}

/** 'Send portal link' on a client's page: a sign-in link to the client's address, recorded in the audit log. */
export async function sendPortalLink(actor: Actor, clientId: string, now = new Date()): Promise<Client> {
  const settings = await getOrganizationSettings();
  if (!settings.clientPortalEnabled) throw new Refusal("The client portal is switched off. Switch it on in Settings › Organization first.", { status: 409 });
  const client = await findClient(clientId);
  if (!client) throw notFound("This client no longer exists.");
  if (client.status === "archived") throw new Refusal(ARCHIVED_CLIENT, { status: 409 });
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
 * once), checks the address it was sent to is still the client's and the client not archived,
 * retires the client's other unused links (issue 41: one used link leaves none lying about in a
 * mailbox), and opens a session. Answers the session cookie's Set-Cookie header. Refused (410)
 * when the link is unknown, used, expired or for an address the client no longer has.
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
    if (!client || client.status === "archived" || client.email.toLowerCase() !== link.email.toLowerCase()) throw unusable();
    await retireUnusedSignInLinks(tx, client.id, now);
    const cookie = await startPortalSession(tx, client.id, now);
    await recordPortalEvent(client.id, { kind: "signed_in" }, tx);
    return cookie;
  });
}
