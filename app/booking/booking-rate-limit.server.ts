import { Refusal } from "~/refusal/refusal";
import { networkKeyOf } from "~/request-safety/network-key";
import { consumeRateLimits, describeWait } from "~/request-safety/rate-limit.server";

/**
 * Limits booking actions per visitor network (an IPv6 visitor's /64) and per link (DESIGN.md: public input is
 * rate-limited), with the site's database-backed counters so every app process agrees.
 */
const WINDOW_MS = 10 * 60_000;

/** Refuses (429, the sentence the visitor reads) when this address or link has tried too often. */
export async function limitBookingActions(clientAddress: string, token: string, now = new Date()): Promise<void> {
  const verdict = await consumeRateLimits(
    [
      { key: `booking:ip:${networkKeyOf(clientAddress)}`, limit: 30, windowMs: WINDOW_MS },
      { key: `booking:token:${token.slice(-32)}`, limit: 15, windowMs: WINDOW_MS },
    ],
    { now },
  );
  if (!verdict.allowed) throw new Refusal(`Too many attempts. Please try again ${describeWait(verdict.retryAfterMs)}.`, { status: 429, retryAfterMs: verdict.retryAfterMs });
}
