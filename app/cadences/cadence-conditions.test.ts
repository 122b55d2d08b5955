import { describe, expect, it } from "vitest";
import { failedCondition, type LeadStateForConditions } from "./cadence-conditions";

const now = new Date("2026-06-01T12:00:00Z");
const fresh: LeadStateForConditions = {
  status: "new",
  bookingStatus: "not_sent",
  promoCode: "LAUNCH-ABC-1234",
  promoStatus: "active",
  promoExpiresAt: new Date("2026-06-05T12:00:00Z"),
};

describe("failedCondition", () => {
  it("lets a step with no conditions go", () => {
    expect(failedCondition([], { ...fresh, status: "converted" }, now)).toBeNull();
  });

  it("lets a fresh promo lead through every condition", () => {
    expect(failedCondition(["not_converted", "not_booked", "promo_active", "not_contacted"], fresh, now)).toBeNull();
  });

  it("names the first condition that fails", () => {
    expect(failedCondition(["not_converted"], { ...fresh, status: "converted" }, now)).toBe("not_converted");
    expect(failedCondition(["not_booked"], { ...fresh, bookingStatus: "booked" }, now)).toBe("not_booked");
    expect(failedCondition(["not_booked"], { ...fresh, bookingStatus: "completed" }, now)).toBe("not_booked");
    expect(failedCondition(["not_booked"], { ...fresh, bookingStatus: "sent" }, now)).toBeNull();
    expect(failedCondition(["not_contacted"], { ...fresh, status: "contacted" }, now)).toBe("not_contacted");
    expect(failedCondition(["not_converted", "not_contacted"], { ...fresh, status: "contacted" }, now)).toBe("not_contacted");
  });

  it("reads the promo's state at send time: expired by the clock, disabled, used or absent", () => {
    expect(failedCondition(["promo_active"], fresh, new Date("2026-06-05T12:00:00Z"))).toBe("promo_active");
    expect(failedCondition(["promo_active"], { ...fresh, promoStatus: "disabled" }, now)).toBe("promo_active");
    expect(failedCondition(["promo_active"], { ...fresh, promoStatus: "used" }, now)).toBe("promo_active");
    expect(failedCondition(["promo_active"], { ...fresh, promoCode: null, promoStatus: null, promoExpiresAt: null }, now)).toBe("promo_active");
  });
});
