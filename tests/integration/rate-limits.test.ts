import { describe, expect, it } from "vitest";
import { consumeRateLimits, countRateLimitHit, type RateLimitRule } from "~/request-safety/rate-limit.server";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const HOUR = 60 * 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 12, minutes));

describe("rate limits counted in one statement", () => {
  it("counts one hit per key per request, and names the first rule (in the given order) over its limit", async () => {
    const rules: RateLimitRule[] = [
      { key: "form:ip:203.0.113.9", limit: 3, windowMs: HOUR },
      { key: "form:email:ada@example.test", limit: 2, windowMs: HOUR },
      { key: "form:all", limit: 100, windowMs: HOUR },
    ];
    expect(await consumeRateLimits(rules, { now: at(0) })).toEqual({ allowed: true });
    expect(await consumeRateLimits(rules, { now: at(1) })).toEqual({ allowed: true });
    // Third request: the e-mail's rule (2) is over, the address's (3) is not yet.
    expect(await consumeRateLimits(rules, { now: at(2) })).toEqual({ allowed: false, key: "form:email:ada@example.test", retryAfterMs: HOUR - 2 * 60_000 });
    // Fourth: both are over; the verdict names the first in the caller's order, though its key sorts later.
    const reordered = [rules[1], rules[0], rules[2]] as RateLimitRule[];
    expect(await consumeRateLimits(reordered, { now: at(3) })).toMatchObject({ allowed: false, key: "form:email:ada@example.test" });
    expect(await consumeRateLimits(rules, { now: at(4) })).toMatchObject({ allowed: false, key: "form:ip:203.0.113.9" });
    // Every request was counted against every key, refused ones included.
    expect((await countRateLimitHit(rules[2] as RateLimitRule, { now: at(5) })).count).toBe(6);
  });

  it("starts a key's window again at 1 once it has ended, each key by its own window", async () => {
    const short = { key: "short", limit: 1, windowMs: 10 * 60_000 };
    const long = { key: "long", limit: 1, windowMs: HOUR };
    expect(await consumeRateLimits([short, long], { now: at(0) })).toEqual({ allowed: true });
    expect(await consumeRateLimits([short, long], { now: at(5) })).toMatchObject({ allowed: false, key: "short", retryAfterMs: 5 * 60_000 });
    // At 12:20 the short window (ended 12:10) starts again; the long one still refuses.
    expect(await consumeRateLimits([short, long], { now: at(20) })).toMatchObject({ allowed: false, key: "long", retryAfterMs: 40 * 60_000 });
    expect(await countRateLimitHit(short, { now: at(21) })).toEqual({ count: 2, windowEndsAt: at(30) });
  });

  it("counts a key named by two rules once", async () => {
    const rule = { key: "same", limit: 1, windowMs: HOUR };
    expect(await consumeRateLimits([rule, { ...rule, limit: 5 }], { now: at(0) })).toEqual({ allowed: true });
    expect((await countRateLimitHit(rule, { now: at(1) })).count).toBe(2);
  });

  it("answers allowed for no rules without asking the database", async () => {
    expect(await consumeRateLimits([])).toEqual({ allowed: true });
  });
});
