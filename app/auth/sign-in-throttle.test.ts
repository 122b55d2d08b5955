import { describe, expect, it } from "vitest";
import {
  codeThrottleRules,
  deviceCookieValue,
  parseDeviceCookie,
  retryAfterSeconds,
  signInAccountKey,
  signInThrottleRules,
  signUpThrottleRules,
  throttleVerdict,
  tooManySignInAttemptsMessage,
} from "./sign-in-throttle";

const now = new Date("2026-11-24T09:00:00Z");
const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe("sign-in throttling windows", () => {
  it("counts an unknown device's failures: 5 per account and 20 per network address within 15 minutes", () => {
    expect(signInThrottleRules({ account: "ada@example.com", clientAddress: "203.0.113.9", knownDevice: null })).toEqual([
      { key: "sign-in:email:ada@example.com", limit: 5, windowMs: 15 * 60_000 },
      { key: "sign-in:ip:203.0.113.9", limit: 20, windowMs: 15 * 60_000 },
    ]);
  });

  it("gives a device that signed in to the account before its own allowance, apart from the account's (OWASP's device cookies), and still counts it against its network", () => {
    expect(signInThrottleRules({ account: "ada@example.com", clientAddress: "203.0.113.9", knownDevice: "dev1ce-id-0123456789abcd" })).toEqual([
      { key: "sign-in:device:dev1ce-id-0123456789abcd", limit: 5, windowMs: 15 * 60_000 },
      { key: "sign-in:ip:203.0.113.9", limit: 20, windowMs: 15 * 60_000 },
    ]);
  });

  it("counts an attempt naming no valid address against its network address only: it can lock no account", () => {
    expect(signInThrottleRules({ account: null, clientAddress: "203.0.113.9", knownDevice: "dev1ce-id-0123456789abcd" })).toEqual([
      { key: "sign-in:ip:203.0.113.9", limit: 20, windowMs: 15 * 60_000 },
    ]);
    expect(codeThrottleRules("2001:db8::7")).toEqual([{ key: "sign-in:ip:2001:db8:0:0::/64", limit: 20, windowMs: 15 * 60_000 }]);
    expect(signUpThrottleRules("203.0.113.9")).toEqual([{ key: "sign-up:ip:203.0.113.9", limit: 10, windowMs: 60 * 60_000 }]);
  });

  it("names the account as better-auth looks it up, and nothing for what better-auth refuses as an address", () => {
    expect(signInAccountKey("Ada@Example.COM")).toBe("ada@example.com");
    expect(signInAccountKey("OWNER@example.com ")).toBeNull();
    expect(signInAccountKey(" owner@example.com")).toBeNull();
    expect(signInAccountKey("owner")).toBeNull();
    expect(signInAccountKey(42)).toBeNull();
    expect(signInAccountKey(undefined)).toBeNull();
  });

  it("reads back the device cookie it wrote, with the sign-in epoch it was made under, and nothing else", () => {
    const device = { userId: "UsEr1234abcd", deviceId: "Ab_-0123456789abcdefghijkl", epoch: 3 };
    expect(parseDeviceCookie(deviceCookieValue(device))).toEqual(device);
    // A cookie from before epochs names no device: whether the password changed since is not known.
    const withoutEpoch = "UsEr1234abcd!Ab_-0123456789abcdefghijkl";
    for (const value of [null, false, undefined, "", "UsEr1234abcd", "a!b", "UsEr1234abcd!short", "User 1234!Ab_-0123456789abcdefghijkl!0", withoutEpoch, `${withoutEpoch}!x`] as const) {
      expect(parseDeviceCookie(value), String(value)).toBeNull();
    }
  });

  it("lets the fifth failure through and refuses the sixth attempt until its window ends", () => {
    expect(throttleVerdict([{ count: 5, limit: 5, windowEndsAt: minutesFromNow(10) }], now)).toEqual({ allowed: true });
    expect(throttleVerdict([{ count: 6, limit: 5, windowEndsAt: minutesFromNow(10) }], now)).toEqual({ allowed: false, retryAfterMs: 10 * 60_000 });
  });

  it("refuses when either counter is over, and waits for the later of the windows that are over", () => {
    const verdict = throttleVerdict(
      [
        { count: 6, limit: 5, windowEndsAt: minutesFromNow(3) },
        { count: 21, limit: 20, windowEndsAt: minutesFromNow(12) },
      ],
      now,
    );
    expect(verdict).toEqual({ allowed: false, retryAfterMs: 12 * 60_000 });
    const accountOnly = throttleVerdict(
      [
        { count: 2, limit: 5, windowEndsAt: minutesFromNow(14) },
        { count: 21, limit: 20, windowEndsAt: minutesFromNow(1) },
      ],
      now,
    );
    expect(accountOnly).toEqual({ allowed: false, retryAfterMs: 60_000 });
  });

  it("never answers a wait of zero: a window ending now still waits a second", () => {
    expect(throttleVerdict([{ count: 9, limit: 5, windowEndsAt: now }], now)).toEqual({ allowed: false, retryAfterMs: 1_000 });
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(14 * 60_000 + 1)).toBe(841);
  });

  it("tells the visitor the whole minutes left, the same words whether or not the account exists", () => {
    expect(tooManySignInAttemptsMessage(14 * 60_000 + 1)).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(tooManySignInAttemptsMessage(30_000)).toBe("Too many sign-in attempts. Try again in 1 minute.");
  });
});
