import type { NextFunction, Request, Response } from "express";
import { cookieValue, decodeFirstTouch, FIRST_TOUCH_COOKIE, firstTouchSetCookie, type FirstTouch } from "./attribution";

/** Paths that are not the public site: a tracked link never points there. */
const NOT_PUBLIC = /^\/(?:admin|api|auth|assets|booking|invoice)(?:\/|$)/;
/** Cheap test before any parsing: most requests carry no query at all. */
const MAY_CARRY_TOUCH = /[?&](?:campaign|utm_campaign|ref)=/;

/**
 * Remembers a visitor's first touch (app/campaigns/attribution.ts) on the page they land on,
 * server-side, so a public page needs no script for it (decision 011: a phone loads none until
 * the first touch). A page GET whose URL carries `campaign`, `utm_campaign` or `ref` gets the
 * cookie on its answer; every other request passes untouched.
 */
export function rememberFirstTouch(request: Request, response: Response, next: NextFunction): void {
  const url = request.originalUrl;
  if ((request.method === "GET" || request.method === "HEAD") && MAY_CARRY_TOUCH.test(url) && !NOT_PUBLIC.test(request.path)) {
    const setCookie = firstTouchSetCookie(new URL(url, "http://site.invalid"), request.headers.cookie, new Date(), request.secure);
    if (setCookie) response.append("Set-Cookie", setCookie);
  }
  next();
}

/**
 * Whether a request's cookies name a campaign the visitor came through: such a visitor's public
 * pages state that campaign's promo days, so they are rendered for them, not sent kept.
 */
export function carriesCampaignTouch(cookieHeader: string | null | undefined, now = new Date()): boolean {
  return Boolean(decodeFirstTouch(cookieValue(cookieHeader, FIRST_TOUCH_COOKIE), now)?.campaign);
}

/** The touch a form's request carries (the public forms post from the visitor's browser, with its cookie). */
export function firstTouchOf(request: globalThis.Request, now = new Date()): FirstTouch | null {
  return decodeFirstTouch(cookieValue(request.headers.get("cookie"), FIRST_TOUCH_COOKIE), now);
}
