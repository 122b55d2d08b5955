import { describe, expect, it } from "vitest";
import { cookieValue, decodeFirstTouch, encodeFirstTouch, FIRST_TOUCH_COOKIE, firstTouchSetCookie, readTouchParams } from "./attribution";

const now = new Date("2026-11-24T10:00:00Z");
const days = (count: number) => count * 24 * 60 * 60_000;

function touchIn(setCookie: string | null): string | null {
  if (!setCookie) return null;
  return setCookie.split(";")[0]?.split("=").slice(1).join("=") ?? null;
}

describe("readTouchParams", () => {
  it("reads the campaign slug, from utm_campaign too, and the referral code", () => {
    expect(readTouchParams(new URLSearchParams("campaign=Spring-Launch"))).toEqual({ campaign: "spring-launch", ref: null });
    expect(readTouchParams(new URLSearchParams("utm_source=x&utm_campaign=spring"))).toEqual({ campaign: "spring", ref: null });
    expect(readTouchParams(new URLSearchParams("ref=k7m2qx9p"))).toEqual({ campaign: null, ref: "K7M2QX9P" });
    expect(readTouchParams(new URLSearchParams("campaign=a&utm_campaign=b"))).toEqual({ campaign: "a", ref: null });
  });

  it("ignores links without attribution and malformed values", () => {
    expect(readTouchParams(new URLSearchParams("q=1"))).toBeNull();
    expect(readTouchParams(new URLSearchParams("campaign=<script>&ref=a b"))).toBeNull();
    expect(readTouchParams(new URLSearchParams(`campaign=${"a".repeat(61)}`))).toBeNull();
  });
});

describe("the first-touch cookie", () => {
  it("round-trips and expires after 30 days", () => {
    const value = encodeFirstTouch({ campaign: "spring", ref: "K7M2QX9P", at: now });
    expect(decodeFirstTouch(value, now)).toEqual({ campaign: "spring", ref: "K7M2QX9P", at: now });
    expect(decodeFirstTouch(value, new Date(now.getTime() + days(29)))).not.toBeNull();
    expect(decodeFirstTouch(value, new Date(now.getTime() + days(30)))).toBeNull();
  });

  it("treats a tampered or garbled value as no touch", () => {
    expect(decodeFirstTouch("c%3Dspring", now)).toBeNull();
    expect(decodeFirstTouch("%E0%A4%A", now)).toBeNull();
    expect(decodeFirstTouch(encodeURIComponent("c=<x>&t=1795000000"), now)).toBeNull();
  });

  it("is set by a page with attribution, httpOnly, SameSite=Lax, for 30 days, Secure only on https", () => {
    const setCookie = firstTouchSetCookie(new URL("http://site.test/?campaign=spring"), null, now, false);
    expect(setCookie).toMatch(/^first_touch=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(firstTouchSetCookie(new URL("https://site.test/about?ref=K7M2QX9P"), "", now, true)).toMatch(/; Secure$/);
    expect(firstTouchSetCookie(new URL("http://site.test/about"), null, now, false)).toBeNull();
  });

  it("keeps the first touch: a later link does not replace an unexpired cookie, an expired one is replaced", () => {
    const first = touchIn(firstTouchSetCookie(new URL("http://site.test/?campaign=spring"), null, now, false));
    const header = `theme=dark; ${FIRST_TOUCH_COOKIE}=${first}`;
    expect(cookieValue(header, FIRST_TOUCH_COOKIE)).toBe(first);
    const later = new Date(now.getTime() + days(3));
    expect(firstTouchSetCookie(new URL("http://site.test/?campaign=autumn&ref=K7M2QX9P"), header, later, false)).toBeNull();
    const afterExpiry = new Date(now.getTime() + days(31));
    const replaced = touchIn(firstTouchSetCookie(new URL("http://site.test/?campaign=autumn"), header, afterExpiry, false));
    expect(decodeFirstTouch(replaced, afterExpiry)?.campaign).toBe("autumn");
  });
});
