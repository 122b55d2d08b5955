import { describe, expect, it } from "vitest";
import { commissionCents } from "./commission";

describe("commissionCents", () => {
  it("is the percent of the invoice total, in cents", () => {
    expect(commissionCents(10, 50_000)).toBe(5_000);
    expect(commissionCents(15, 24_900)).toBe(3_735);
    expect(commissionCents(0, 24_900)).toBe(0);
    expect(commissionCents(100, 9_900)).toBe(9_900);
  });

  it("rounds half a cent up and less than half down", () => {
    expect(commissionCents(10, 9_995)).toBe(1_000); // 999.5 → 1000
    expect(commissionCents(10, 9_994)).toBe(999); // 999.4 → 999
    expect(commissionCents(7, 1)).toBe(0); // 0.07 → 0
    expect(commissionCents(50, 1)).toBe(1); // 0.5 → 1
  });

  it("refuses a percent outside 0 to 100 and a broken total", () => {
    expect(() => commissionCents(101, 100)).toThrow(RangeError);
    expect(() => commissionCents(-1, 100)).toThrow(RangeError);
    expect(() => commissionCents(10, 10.5)).toThrow(RangeError);
  });
});
