import { describe, expect, it } from "vitest";
import { isPromoCode, mintPromoCode, normalizePromoPrefix, promoDaysLeft } from "./promo-code";

describe("promo codes", () => {
  it("join the prefix, the base-36 time and four random characters, uppercase", () => {
    const now = new Date("2026-11-23T13:00:00Z");
    const code = mintPromoCode("launch", now, () => 35);
    expect(code).toBe(`LAUNCH-${now.getTime().toString(36).toUpperCase()}-ZZZZ`);
    expect(isPromoCode(code)).toBe(true);
  });

  it("keep only letters and digits of the prefix, with a fallback when nothing is left", () => {
    expect(normalizePromoPrefix("sis-ter 99")).toBe("SISTER99");
    expect(normalizePromoPrefix("--")).toBe("PROMO");
  });

  it("differ when the random part differs", () => {
    const now = new Date();
    expect(mintPromoCode("X", now, () => 0)).not.toBe(mintPromoCode("X", now, () => 1));
  });

  it("count days left rounded up, and zero once expired", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(promoDaysLeft(new Date("2026-11-30T12:00:00Z"), now)).toBe(7);
    expect(promoDaysLeft(new Date("2026-11-23T13:00:00Z"), now)).toBe(1);
    expect(promoDaysLeft(new Date("2026-11-23T11:00:00Z"), now)).toBe(0);
  });
});
