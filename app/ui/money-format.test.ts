import { describe, expect, it } from "vitest";
import { formatCents, formatPrice } from "./money-format";

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
});
