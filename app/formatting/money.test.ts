import { describe, expect, it } from "vitest";
import { centsToDollarsInput, formatCents, formatPrice, parseDollarsToCents } from "./money";

describe("money", () => {
  it("shows invoice amounts with cents and thousands separators", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(9_900)).toBe("$99.00");
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatCents(-500)).toBe("-$5.00");
  });

  it("writes what Intl writes for US dollars", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [1, 99, 100, 1_050, 99_999, 100_000, 1_000_000_01, -123_45]) {
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
    }
  });

  it("shows prices without cents when they are whole dollars", () => {
    expect(formatPrice(9_900)).toBe("$99");
    expect(formatPrice(125_000)).toBe("$1,250");
    expect(formatPrice(1_950)).toBe("$19.50");
  });

  it("reads dollars as a person types them into cents, and refuses what is not an amount", () => {
    expect(parseDollarsToCents("12")).toBe(1_200);
    expect(parseDollarsToCents("12.5")).toBe(1_250);
    expect(parseDollarsToCents("$1,250.05")).toBe(125_005);
    expect(parseDollarsToCents("0.1")).toBe(10);
    expect(parseDollarsToCents("-1")).toBeNull();
    expect(parseDollarsToCents("1.234")).toBeNull();
    expect(parseDollarsToCents("abc")).toBeNull();
    expect(parseDollarsToCents("12,00")).toBeNull();
    expect(parseDollarsToCents("1,234,567.89")).toBe(123_456_789);
    expect(centsToDollarsInput(125_005)).toBe("1250.05");
    expect(centsToDollarsInput(null)).toBe("");
  });
});
