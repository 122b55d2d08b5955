/**
 * A PostgreSQL server that fails over, restarts or is patched cuts every connection for a few
 * seconds (docs/decisions/045-a-database-that-restarts.md). What failed because of that is no
 * fault of the request or the job: the request is answered 503 with `Retry-After` (a form keeps
 * what was typed), the job tries again, and an outcome already known is kept until it is written.
 * The embedded database lives in the process and has no such outage. Pure.
 */

/** How long a visitor, a proxy or a script is asked to wait before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** What a refused form says; nothing about the database's internals. */
export const OUTAGE_FORM_MESSAGE = "We could not save this just now: the site is briefly unavailable. Nothing was saved; please try again in a moment.";

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);

/**
 * SQLSTATEs of a server going away or not taking connections yet: class 08 (connection exception),
 * 57P01 admin_shutdown (a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in
 * recovery), 53300 too_many_connections (every slot taken while clients reconnect at once).
 */
const SERVER_CODES = /^(08...|57P01|57P02|57P03|53300)$/;

/**
 * node-postgres's own words for a lost connection (it gives them no code). Not "Connection
 * terminated" alone, nor "Client was closed": those are this process closing its own connections.
 */
const DRIVER_MESSAGES = [
  "Connection terminated unexpectedly",
  "Client has encountered a connection error and is not queryable",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "timeout expired",
];

/**
 * Whether `error` says the database could not be reached (or was lost mid-query), rather than that
 * the query was wrong. Drizzle wraps a driver's error as the `cause` of its own (whose message holds
 * the SQL, never shown); a rollback that failed after the connection was cut hides the first error,
 * so each link of the chain, and each of an AggregateError's errors, is looked at.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== "object" || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (typeof message === "string" && DRIVER_MESSAGES.includes(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}
