import { describe, expect, it } from "vitest";
import { formatCents } from "~/formatting/money";
import { AmountTooLarge, balanceCents, formatInvoiceNumber, invoiceTotals, lineTotalCents, MAX_CENTS, packagePriceCents, spreadCents } from "./invoice-totals";

describe("invoice totals in cents", () => {
  it("multiplies quantity by unit price for a line", () => {
    expect(lineTotalCents({ quantity: 3, unitPriceCents: 10_000 })).toBe(30_000);
  });

  it("sums the lines, subtracts the discount and adds the tax", () => {
    const totals = invoiceTotals({
      lines: [
        { quantity: 1, unitPriceCents: 19_900 },
        { quantity: 2, unitPriceCents: 10_000 },
      ],
      discountCents: 5_000,
      taxCents: 1_234,
    });
    expect(totals).toEqual({ subtotalCents: 39_900, discountCents: 5_000, taxCents: 1_234, totalCents: 36_134 });
  });

  it("defaults discount and tax to zero and totals an empty invoice as zero", () => {
    expect(invoiceTotals({ lines: [{ quantity: 1, unitPriceCents: 24_900 }] }).totalCents).toBe(24_900);
    expect(invoiceTotals({ lines: [] })).toEqual({ subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("adds cents exactly where floating-point dollars would not (0.1 + 0.2)", () => {
    const totals = invoiceTotals({ lines: [{ quantity: 1, unitPriceCents: 10 }, { quantity: 1, unitPriceCents: 20 }] });
    expect(totals.totalCents).toBe(30);
  });

  it("refuses a line or a total past what a money column holds, as AmountTooLarge", () => {
    expect(lineTotalCents({ quantity: 1, unitPriceCents: MAX_CENTS })).toBe(MAX_CENTS);
    expect(() => lineTotalCents({ quantity: 2, unitPriceCents: MAX_CENTS })).toThrow(AmountTooLarge);
    const half = { quantity: 1, unitPriceCents: Math.ceil(MAX_CENTS / 2) + 1 };
    expect(() => invoiceTotals({ lines: [half, half] })).toThrow(AmountTooLarge);
  });

  it("refuses fractional cents, negative amounts, a zero quantity and a discount above the subtotal", () => {
    expect(() => lineTotalCents({ quantity: 1, unitPriceCents: 9.5 })).toThrow(RangeError);
    expect(() => lineTotalCents({ quantity: 0, unitPriceCents: 100 })).toThrow(/at least 1/);
    expect(() => lineTotalCents({ quantity: 1, unitPriceCents: -1 })).toThrow(RangeError);
    expect(() => invoiceTotals({ lines: [], taxCents: -5 })).toThrow(RangeError);
    expect(() => invoiceTotals({ lines: [{ quantity: 1, unitPriceCents: 100 }], discountCents: 101 })).toThrow(
      /discount/,
    );
  });
});

describe("package price", () => {
  const starter = { priceCents: 19_900, promoPriceCents: 9_900 };
  const growth = { priceCents: 24_900, promoPriceCents: null };

  it("uses the promo price only with a promo and only for a tier that has one", () => {
    expect(packagePriceCents(starter, true)).toBe(9_900);
    expect(packagePriceCents(starter, false)).toBe(19_900);
    expect(packagePriceCents(growth, true)).toBe(24_900);
  });
});

describe("presentation", () => {
  it("formats invoice numbers and dollar amounts", () => {
    expect(formatInvoiceNumber(1001)).toBe("INV-1001");
    expect(() => formatInvoiceNumber(0)).toThrow(RangeError);
    expect(formatCents(9_900)).toBe("$99.00");
    expect(formatCents(100_000)).toBe("$1,000.00");
  });
});

describe("spreading a package price over deliverables", () => {
  it("splits equally in whole cents that add up exactly", () => {
    expect(spreadCents(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(spreadCents(9_900, 4)).toEqual([2_475, 2_475, 2_475, 2_475]);
    expect(spreadCents(1, 3)).toEqual([1, 0, 0]);
    for (const [total, count] of [[19_900, 7], [24_901, 11], [100_000, 9], [0, 2]] as const) {
      const parts = spreadCents(total, count);
      expect(parts).toHaveLength(count);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
  });

  it("refuses to spread over no line", () => {
    expect(() => spreadCents(100, 0)).toThrow(RangeError);
  });
});

describe("balance and typed amounts", () => {
  it("is the total less what was paid, never negative", () => {
    expect(balanceCents(36_134, 10_000)).toBe(26_134);
    expect(balanceCents(36_134, 36_134)).toBe(0);
    expect(balanceCents(100, 200)).toBe(0);
  });
});
