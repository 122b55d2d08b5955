/**
 * What better-auth's HTTP endpoints (`/api/auth/*`) answer, its pure half (decision 029). The
 * product's own pages call better-auth in-process (`auth.api.*`), never over HTTP; what stays open
 * is what a script or a test needs to sign in, read its session and sign out. Every other endpoint
 * (sign-up, two-factor, sessions, user, password, e-mail verification, and whatever a new version
 * of better-auth adds) answers 404: an allow-list, so an upgrade cannot open one by itself.
 */
export const OPEN_AUTH_ENDPOINTS: readonly { method: string; path: string }[] = [
  { method: "POST", path: "/sign-in/email" },
  { method: "GET", path: "/get-session" },
  { method: "POST", path: "/sign-out" },
];

export const AUTH_API_BASE = "/api/auth";

/** Whether `method` `pathname` (the whole URL path) is one of the open endpoints. */
export function isOpenAuthEndpoint(method: string, pathname: string): boolean {
  if (!pathname.startsWith(`${AUTH_API_BASE}/`)) return false;
  const path = pathname.slice(AUTH_API_BASE.length);
  return OPEN_AUTH_ENDPOINTS.some((endpoint) => endpoint.method === method.toUpperCase() && endpoint.path === path);
}

/**
 * A body the API reads must say it is JSON: better-auth would also read a form, and a body that
 * is a form to one reader and JSON to another (issue 25's lockout bypass) has no place here.
 */
export function isJsonContentType(contentType: string | null): boolean {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** An answer without the session tokens better-auth puts in its JSON: the browser holds its session in an httpOnly cookie and needs none. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (key === "token" ? [] : [[key, withoutTokens(item)]])));
  }
  return value;
}
