import { MAX_CENTS } from "~/formatting/money";

export { MAX_CENTS };

// Invoice arithmetic (spec 001 §5 "Invoice totals"), in integer cents. Pure: the invoice screens
// and the server compute totals with these same functions, so a total never differs by a rounding.

export type InvoiceLineInput = { quantity: number; unitPriceCents: number };

export type InvoiceTotals = {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
};


/** An amount past MAX_CENTS: the caller refuses it rather than let the database fail. */
export class AmountTooLarge extends RangeError {}

function requireCents(value: number, what: string): number {
  if (Number.isSafeInteger(value) && value > MAX_CENTS) throw new AmountTooLarge(`${what} is too large`);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents (got ${value})`);
  }
  return value;
}

/** A line's total: quantity × unit price. Quantity is at least 1 (spec: "quantity min 1"). */
export function lineTotalCents(line: InvoiceLineInput): number {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`Quantity must be a whole number of at least 1 (got ${line.quantity})`);
  }
  const total = line.quantity * requireCents(line.unitPriceCents, "Unit price");
  return requireCents(total, "Line total");
}

/**
 * subtotal = sum of line totals; total = subtotal − discount + tax; discount and tax default to 0.
 * A discount larger than the subtotal is refused rather than producing a negative invoice.
 */
export function invoiceTotals(input: {
  lines: readonly InvoiceLineInput[];
  discountCents?: number;
  taxCents?: number;
}): InvoiceTotals {
  const subtotalCents = requireCents(
    input.lines.reduce((sum, line) => sum + lineTotalCents(line), 0),
    "Subtotal",
  );
  const discountCents = requireCents(input.discountCents ?? 0, "Discount");
  const taxCents = requireCents(input.taxCents ?? 0, "Tax");
  if (discountCents > subtotalCents) {
    throw new RangeError("The discount cannot be larger than the subtotal");
  }
  return { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}

/** What a tier's package costs on an invoice: the promo price when the invoice carries a promo code and the tier has one. */
export function packagePriceCents(
  tier: { priceCents: number; promoPriceCents: number | null },
  withPromo: boolean,
): number {
  if (withPromo && tier.promoPriceCents !== null) return requireCents(tier.promoPriceCents, "Promo price");
  return requireCents(tier.priceCents, "Price");
}

/** The invoice number shown to clients, from the `invoice_number_seq` value (e.g. 1001 → "INV-1001"). */
export function formatInvoiceNumber(sequenceValue: number): string {
  if (!Number.isSafeInteger(sequenceValue) || sequenceValue < 1) {
    throw new RangeError(`Invoice sequence values start at 1 (got ${sequenceValue})`);
  }
  return `INV-${sequenceValue}`;
}

/**
 * A package price spread equally over `count` deliverable lines (spec 001 §9), in whole cents that
 * add up exactly: the first `remainder` lines carry one cent more (e.g. 100.00 / 3 → 33.34, 33.33, 33.33).
 */
export function spreadCents(totalCents: number, count: number): number[] {
  requireCents(totalCents, "Package price");
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Spread over at least one line (got ${count})`);
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}

/** What is still owed: total − payments, never below zero (an overpayment shows as nothing owed). */
export function balanceCents(totalCents: number, paidCents: number): number {
  return Math.max(0, requireCents(totalCents, "Total") - requireCents(paidCents, "Amount paid"));
}

