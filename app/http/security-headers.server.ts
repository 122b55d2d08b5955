import { config } from "~/config.server";
import { contentSecurityPolicy, type ScriptPermission } from "./content-security-policy";
import { pathAsRouted } from "./path-as-routed";

/**
 * The security headers of every answer (decision 023), for the request stack
 * (server/request-stack.ts) and the kept booking page, which names its scripts by hash.
 */
export function pagePolicy(scripts: ScriptPermission, options: { framedBySelf?: boolean; formActions?: readonly string[] } = {}): string {
  return contentSecurityPolicy(scripts, { development: config().env === "development", framedBySelf: options.framedBySelf, formActions: options.formActions });
}

/**
 * The client's invoice pages and a signed proposal's link (its deposit's), whose 'Pay now' form is
 * answered with a redirect to Stripe's hosted Checkout page while card payments are on (decision
 * 047): that origin, and no other, joins their form-action.
 */
function formActionsFor(pathname: string): string[] {
  const checkout = config().cardPayments?.checkoutOrigin;
  if (!checkout) return [];
  return /^\/(invoice\/[^/]+|portal\/invoices\/[^/]+|proposal\/[^/]+)$/.test(pathname) ? [checkout] : [];
}

/** The admin's invoice PDF, which the send dialog shows in an `<object>` of its own page. */
function framedBySelf(pathname: string): boolean {
  return /^\/admin\/invoices\/[^/]+\/pdf$/.test(pathname);
}

export function securityHeaders(scripts: ScriptPermission, publicUrl = config().publicUrl, pathname = "/"): [string, string][] {
  const framed = framedBySelf(pathname);
  const headers: [string, string][] = [
    ["Content-Security-Policy", pagePolicy(scripts, { framedBySelf: framed, formActions: formActionsFor(pathname) })],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // For browsers older than CSP's frame-ancestors.
    ["X-Frame-Options", framed ? "SAMEORIGIN" : "DENY"],
  ];
  if (publicUrl.startsWith("https:")) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * The headers only a document heeds (its CSP, its frame and referrer rules). A built script or
 * stylesheet is never a document, and a page fetches a dozen or more: each goes without these
 * (~380 bytes), once the file is found (a path under /assets that is not one is a page, with them
 * all, which is why they are taken off the found file rather than never set).
 */
export const DOCUMENT_ONLY_HEADERS = ["Content-Security-Policy", "Referrer-Policy", "X-Frame-Options"] as const;

/** Whether a file the build wrote for the browser is a script or a stylesheet (compressed forms included). */
export function isBuiltScriptOrStyle(filePath: string): boolean {
  return /\.(?:js|css)(?:\.br|\.gz)?$/.test(filePath);
}

/**
 * Answers that hold an admin's or a visitor's own data: never kept by a browser or a proxy. Judged
 * on the path as the router matches it, so `/ADMIN/clients` is as private as `/admin/clients`.
 */
export function isPrivatePath(pathname: string): boolean {
  const routed = pathAsRouted(pathname);
  return ["/admin", "/auth", "/api/auth", "/invoice", "/booking", "/portal", "/calendar"].some(
    (prefix) => routed === prefix || routed.startsWith(`${prefix}/`) || routed === `${prefix}.data`,
  );
}
