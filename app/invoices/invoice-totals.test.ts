import { describe, expect, it } from "vitest";
import { formatCents } from "~/ui/money-format";
import { formatInvoiceNumber, invoiceTotals, lineTotalCents, packagePriceCents } from "./invoice-totals";

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
