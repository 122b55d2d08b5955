/**
 * Limits booking actions per client address and per link (DESIGN.md: public input is
 * rate-limited). A fixed window kept in this process; swap for the site's shared database
 * limiter (`app/site/rate-limit.server.ts`) once it lands, so several app processes share counts.
 */
const WINDOW_MS = 10 * 60_000;
const LIMITS = { address: 30, token: 15 } as const;

const windows = new Map<string, { startedAt: number; count: number }>();

function hit(key: string, limit: number, now: number): boolean {
  const current = windows.get(key);
  if (!current || now - current.startedAt >= WINDOW_MS) {
    windows.set(key, { startedAt: now, count: 1 });
    if (windows.size > 10_000) {
      for (const [stale, window] of windows) if (now - window.startedAt >= WINDOW_MS) windows.delete(stale);
    }
    return true;
  }
  current.count += 1;
  return current.count <= limit;
}

/** False when this address or this link has made too many booking requests lately. */
export function allowBookingAction(request: Request, token: string, now = Date.now()): boolean {
  const address = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "local";
  const byAddress = hit(`address:${address}`, LIMITS.address, now);
  const byToken = hit(`token:${token}`, LIMITS.token, now);
  return byAddress && byToken;
}
