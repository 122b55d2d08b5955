/**
 * Whether a request that changes something comes from the app's own pages (decision 023): the
 * `Origin` a browser sends with every non-GET request must be the public address (or, in
 * development, the local one it is served from); without an `Origin`, a browser's
 * `Sec-Fetch-Site` must not say `cross-site`/`same-site`. A request with neither is not a
 * browser's: it may go on only without cookies (mail clients' one-click unsubscribe), since a
 * request that carries the site's cookies acts as someone signed in, and must then say where it
 * comes from (issue 25; better-auth refuses such requests for the same reason).
 */
export type OriginVerdict = { allowed: true } | { allowed: false; reason: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function judgeRequestOrigin(
  request: { method: string; origin: string | undefined; fetchSite: string | undefined; cookie?: string | undefined },
  allowedOrigins: readonly string[],
): OriginVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { allowed: true };
  const origin = request.origin?.trim();
  if (origin) {
    if (allowedOrigins.includes(origin.toLowerCase())) return { allowed: true };
    return { allowed: false, reason: `Requests from ${origin === "null" ? "an opaque origin" : origin} are not accepted.` };
  }
  const site = request.fetchSite?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") return { allowed: false, reason: "Cross-site requests are not accepted." };
  if (!site && request.cookie?.trim()) return { allowed: false, reason: "A request that carries cookies must say where it comes from (its Origin)." };
  return { allowed: true };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origins allowed to post: the public address's. When that is the machine itself (no
 * PUBLIC_URL, development), each name of the loopback address on its port: a browser opened on
 * http://127.0.0.1:3000 sends that origin, not localhost's.
 */
export function allowedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin.toLowerCase()];
  if (LOOPBACK.has(url.hostname)) {
    for (const host of LOOPBACK) origins.push(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  }
  return [...new Set(origins)];
}
