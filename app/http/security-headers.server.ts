import { config } from "~/config.server";
import { contentSecurityPolicy, type ScriptPermission } from "./content-security-policy";

/**
 * The security headers of every answer (decision 023), for the request stack
 * (server/request-stack.ts) and the kept booking page, which names its scripts by hash.
 */
export function pagePolicy(scripts: ScriptPermission, options: { framedBySelf?: boolean } = {}): string {
  return contentSecurityPolicy(scripts, { development: config().env === "development", framedBySelf: options.framedBySelf });
}

/** The admin's invoice PDF, which the send dialog shows in an `<object>` of its own page. */
function framedBySelf(pathname: string): boolean {
  return /^\/admin\/invoices\/[^/]+\/pdf$/.test(pathname);
}

export function securityHeaders(scripts: ScriptPermission, publicUrl = config().publicUrl, pathname = "/"): [string, string][] {
  const framed = framedBySelf(pathname);
  const headers: [string, string][] = [
    ["Content-Security-Policy", pagePolicy(scripts, { framedBySelf: framed })],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // For browsers older than CSP's frame-ancestors.
    ["X-Frame-Options", framed ? "SAMEORIGIN" : "DENY"],
  ];
  if (publicUrl.startsWith("https:")) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/** Answers that hold an admin's or a visitor's own data: never kept by a browser or a proxy. */
export function isPrivatePath(pathname: string): boolean {
  return ["/admin", "/auth", "/api/auth", "/invoice", "/booking", "/portal", "/calendar"].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname === `${prefix}.data`,
  );
}
