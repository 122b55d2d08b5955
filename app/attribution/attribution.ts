import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./campaign-slug";

/**
 * Attribution, its pure rules (shared by campaigns and referrals). A visitor who arrives with
 * `?campaign={slug}` (or `utm_campaign={slug}`) or `?ref={code}` on any public page is given a
 * first-party cookie naming them; a lead they create later in the visit (or within
 * `FIRST_TOUCH_DAYS`) is attributed to that campaign and that referring client. The first touch
 * wins: a cookie that is there and not expired is never replaced.
 */
export const FIRST_TOUCH_COOKIE = "first_touch";
export const FIRST_TOUCH_DAYS = 30;
const FIRST_TOUCH_MS = FIRST_TOUCH_DAYS * 24 * 60 * 60_000;

/** What a link carried: a campaign's slug, a client's referral code, or both. */
export type TouchParams = { campaign: string | null; ref: string | null };
/** A remembered touch: the params and when the visitor arrived. */
export type FirstTouch = TouchParams & { at: Date };

const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{4,16}$/;

function campaignSlug(raw: string | null): string | null {
  const slug = raw?.trim().toLowerCase() ?? "";
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) ? slug : null;
}

function referralCode(raw: string | null): string | null {
  const code = raw?.trim().toUpperCase() ?? "";
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** The link's attribution; null when it carries none (or only malformed values). */
export function readTouchParams(params: URLSearchParams): TouchParams | null {
  const campaign = campaignSlug(params.get("campaign")) ?? campaignSlug(params.get("utm_campaign"));
  const ref = referralCode(params.get("ref"));
  return campaign || ref ? { campaign, ref } : null;
}

/** The cookie's value: `c={slug}&r={code}&t={unix seconds}`. */
export function encodeFirstTouch(touch: FirstTouch): string {
  const params = new URLSearchParams();
  if (touch.campaign) params.set("c", touch.campaign);
  if (touch.ref) params.set("r", touch.ref);
  params.set("t", String(Math.floor(touch.at.getTime() / 1000)));
  return encodeURIComponent(params.toString());
}

/** The remembered touch; null when there is none, it is malformed, or it is older than `FIRST_TOUCH_DAYS`. */
export function decodeFirstTouch(value: string | null | undefined, now: Date): FirstTouch | null {
  if (!value) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(decodeURIComponent(value));
  } catch {
    return null;
  }
  const seconds = Number(params.get("t"));
  if (!Number.isInteger(seconds) || seconds <= 0) return null;
  const at = new Date(seconds * 1000);
  if (now.getTime() - at.getTime() >= FIRST_TOUCH_MS || at.getTime() - now.getTime() > 60_000) return null;
  const campaign = campaignSlug(params.get("c"));
  const ref = referralCode(params.get("r"));
  return campaign || ref ? { campaign, ref, at } : null;
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/**
 * The `Set-Cookie` to answer a page request with, or null: only when the URL carries attribution
 * and the visitor has no touch remembered yet (first touch wins), so a later link changes nothing.
 */
export function firstTouchSetCookie(url: URL, cookieHeader: string | null | undefined, now: Date, secure: boolean): string | null {
  const params = readTouchParams(url.searchParams);
  if (!params) return null;
  if (decodeFirstTouch(cookieValue(cookieHeader, FIRST_TOUCH_COOKIE), now)) return null;
  const value = encodeFirstTouch({ ...params, at: now });
  return `${FIRST_TOUCH_COOKIE}=${value}; Max-Age=${FIRST_TOUCH_DAYS * 24 * 60 * 60}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
