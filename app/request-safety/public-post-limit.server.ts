import { pathAsRouted } from "~/http/path-as-routed";
import { networkKeyOf } from "./network-key";
import { consumeRateLimits, type RateLimitVerdict } from "./rate-limit.server";

/**
 * Every post to the public site counts against its sender's address (decision 023), in the request
 * stack before anything reads the body: a refused one (too large, foreign origin) and an invalid
 * one (fields refused by the form) count as much as one that goes through, so hammering the site
 * with broken or oversized posts gets the address a 429 like sending many good ones. Generous
 * beside the forms' own limits (10 an hour each, 30 on the booking page), which still apply.
 */
export const PUBLIC_POSTS_PER_HOUR = 100;

/** One-click unsubscribes come from mail providers' servers, many people's behind one address. */
const UNCOUNTED_PREFIXES = ["/unsubscribe/"];

/**
 * The sign-in form and better-auth's API have counters of their own (decision 029), kept apart
 * from these: junk sent to the public forms must not lock a visitor out of signing in.
 */
const SIGN_IN_PATHS = new Set(["/auth", "/auth.data"]);

/**
 * Stripe's webhook (decision 047): its events come from Stripe's few addresses, many clients' and
 * retries among them, and a forged one is refused by its signature before anything is written.
 */
const PROVIDER_WEBHOOKS = new Set(["/webhooks/stripe"]);

export function countsAsPublicPost(path: string): boolean {
  const pathname = pathAsRouted(path);
  if (pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/api/auth/") || SIGN_IN_PATHS.has(pathname)) return false;
  if (PROVIDER_WEBHOOKS.has(pathname)) return false;
  return !UNCOUNTED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function countPublicPost(clientAddress: string): Promise<RateLimitVerdict> {
  return consumeRateLimits([{ key: `public-post:ip:${networkKeyOf(clientAddress)}`, limit: PUBLIC_POSTS_PER_HOUR, windowMs: 60 * 60 * 1000 }]);
}
