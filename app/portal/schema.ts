import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, requiredReference } from "~/db/columns";
import { clients } from "~/clients/schema";
import { PORTAL_EVENT_KINDS } from "./portal-events";

/**
 * The client portal's own tables (decision 033). A client signs in with a one-time link e-mailed
 * to their address; the link and the session it opens are capabilities stored only as SHA-256
 * hashes of their random secrets. Nothing here is a better-auth session: the back-office never
 * reads these rows, and the portal never reads better-auth's.
 */

/** A one-time sign-in link: 15 minutes, used once (a conditional update), bound to the address it was sent to. */
export const portalSignInLinks = pgTable(
  "portal_sign_in_links",
  {
    id: recordKey(),
    clientId: requiredReference("client_id", () => clients.id, "cascade"),
    /** The address the link was sent to: it signs in only while it is still the client's address. */
    email: text("email").notNull(),
    /** SHA-256 (hex) of the link's 256-bit secret; the secret itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("portal_sign_in_links_client_id_idx").on(t.clientId), index("portal_sign_in_links_expires_at_idx").on(t.expiresAt)],
);

/** A signed-in browser: its cookie holds the secret, this row its hash. Signing out deletes the row. */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    id: recordKey(),
    clientId: requiredReference("client_id", () => clients.id, "cascade"),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    /** The session's last request (written at most every few minutes): the client page's "last visit". */
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("portal_sessions_client_id_idx").on(t.clientId, t.lastSeenAt.desc().nullsFirst()), index("portal_sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * An address that asked /portal for a sign-in link, waiting for the worker (sign-in.server.ts): the
 * request itself only writes this row, whoever's address it is, so its answer takes as long for a
 * client's address as for a stranger's; the worker looks the address up and sends the links.
 */
export const portalSignInRequests = pgTable("portal_sign_in_requests", {
  id: recordKey(),
  email: text("email").notNull(),
  requestedAt: instant("requested_at").notNull().defaultNow(),
});

/** What a client did in the portal (signed in, opened an invoice, booked a call), for the agency's view of it. */
export const portalEvents = pgTable(
  "portal_events",
  {
    id: recordKey(),
    clientId: requiredReference("client_id", () => clients.id, "cascade"),
    kind: text("kind", { enum: PORTAL_EVENT_KINDS }).notNull(),
    /** The record it was about (an invoice, a booking, an e-mail), when there is one. */
    subjectId: uuid("subject_id"),
    /** What the agency reads about it: an invoice's number, an e-mail's subject. */
    label: text("label"),
    occurredAt: timestamp("occurred_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("portal_events_client_occurred_idx").on(t.clientId, t.occurredAt.desc().nullsFirst())],
);

export type PortalSignInLink = typeof portalSignInLinks.$inferSelect;
