import { describe, expect, it } from "vitest";
import { daysLeftColour, extendedPromoExpiry, promoDaysLeft, promoResendRefusal, promoStateAt } from "./promo-state";

const now = new Date("2026-11-23T12:00:00.000Z");
const hours = (h: number) => new Date(now.getTime() + h * 3600_000);

describe("promoStateAt", () => {
  it("is null without a code", () => {
    expect(promoStateAt({ promoCode: null, promoStatus: null, promoExpiresAt: null }, now)).toBeNull();
  });

  it("is active before the expiry and expired at the very instant it passes, even before the sweep", () => {
    const promo = { promoCode: "LAUNCH-X-1234", promoStatus: "active" as const, promoExpiresAt: hours(1) };
    expect(promoStateAt(promo, now)).toBe("active");
    expect(promoStateAt(promo, hours(1))).toBe("expired");
    expect(promoStateAt(promo, hours(2))).toBe("expired");
  });

  it("keeps used and disabled whatever the date, and the swept expired status", () => {
    expect(promoStateAt({ promoCode: "C", promoStatus: "used", promoExpiresAt: hours(-5) }, now)).toBe("used");
    expect(promoStateAt({ promoCode: "C", promoStatus: "disabled", promoExpiresAt: hours(50) }, now)).toBe("disabled");
    expect(promoStateAt({ promoCode: "C", promoStatus: "expired", promoExpiresAt: hours(50) }, now)).toBe("expired");
  });
});

describe("days left and colour", () => {
  it("rounds partial days up and stops at zero", () => {
    expect(promoDaysLeft(hours(23), now)).toBe(1);
    expect(promoDaysLeft(hours(24), now)).toBe(1);
    expect(promoDaysLeft(hours(25), now)).toBe(2);
    expect(promoDaysLeft(hours(-1), now)).toBe(0);
  });

  it("is red at 2 or fewer, yellow at 4 or fewer, green otherwise", () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(daysLeftColour)).toEqual(["red", "red", "red", "yellow", "yellow", "green", "green"]);
  });
});

describe("extending and resending", () => {
  it("extends from the current expiry while it is ahead, else from now", () => {
    expect(extendedPromoExpiry(hours(48), 7, now)).toEqual(hours(48 + 7 * 24));
    expect(extendedPromoExpiry(hours(-48), 7, now)).toEqual(hours(7 * 24));
    expect(extendedPromoExpiry(null, 1, now)).toEqual(hours(24));
  });

  it("refuses to resend an expired or disabled code with a reason", () => {
    expect(promoResendRefusal({ promoCode: "C", promoStatus: "active", promoExpiresAt: hours(1) }, now)).toBeNull();
    expect(promoResendRefusal({ promoCode: "C", promoStatus: "active", promoExpiresAt: hours(-1) }, now)).toMatch(/expired/);
    expect(promoResendRefusal({ promoCode: "C", promoStatus: "disabled", promoExpiresAt: hours(9) }, now)).toMatch(/disabled/);
  });
});
