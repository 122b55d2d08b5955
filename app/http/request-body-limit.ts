import { pathAsRouted } from "./path-as-routed";

/**
 * How large a request body may be, by path (decision 023): the public forms and the sign-in take a
 * few kilobytes, so 64 KB is generous; the back-office's forms get 1 MB, and the two uploads
 * (a leads CSV, a backup to restore) their own allowance. Checked from `Content-Length` before
 * anything reads the body.
 */
const KB = 1024;
const MB = 1024 * KB;

export const PUBLIC_BODY_LIMIT = 64 * KB;
export const ADMIN_BODY_LIMIT = 1 * MB;
export const UPLOAD_BODY_LIMIT = 20 * MB;
/**
 * A backup is the embedded database's whole data directory, gzip-compressed: about 5 MB when new.
 * The upload reader (app/uploads) holds every body to its route's limit as it streams, and the
 * archive reader limits what the backup expands to.
 */
export const BACKUP_BODY_LIMIT = 256 * MB;

/**
 * Stripe's events (decision 047): a few kilobytes, but a session's metadata and custom fields may
 * add tens; an event refused for its size would be retried for days and its payment never recorded.
 */
export const WEBHOOK_BODY_LIMIT = 256 * KB;
export const WEBHOOK_PATHS = new Set(["/webhooks/stripe"]);

const UPLOAD_PATHS = new Set(["/admin/leads/import"]);
const BACKUP_PATH = "/admin/settings/data";

export function bodyLimitFor(pathname: string): number {
  // React Router's data requests name the route with a `.data` suffix.
  const route = pathAsRouted(pathname).replace(/\.data$/, "").replace(/\/$/, "") || "/";
  if (route === BACKUP_PATH) return BACKUP_BODY_LIMIT;
  if (WEBHOOK_PATHS.has(pathname)) return WEBHOOK_BODY_LIMIT;
  if (UPLOAD_PATHS.has(route)) return UPLOAD_BODY_LIMIT;
  if (route === "/admin" || route.startsWith("/admin/")) return ADMIN_BODY_LIMIT;
  return PUBLIC_BODY_LIMIT;
}
