import type { InvoiceStatus } from "./invoice-options";
import type { CheckoutReturnPage } from "./card-payment-options";

// Card payments' arithmetic (decision 047), pure and tested beside.

/** Whether the client may pay an invoice by card: sent, not paid, with something owed. */
export function payableByCard(invoice: { status: InvoiceStatus; balanceCents: number }): boolean {
  return invoice.status !== "draft" && invoice.status !== "paid" && invoice.balanceCents > 0;
}

/**
 * The Idempotency-Key of a Checkout Session: one per invoice, amount, page and attempt. A double
 * click (two requests for the same attempt) opens one session; once a session has ended unpaid
 * (expired), the next attempt opens a new one.
 */
export function checkoutIdempotencyKey(checkout: { invoiceId: string; amountCents: number; currency: string; returnsTo: CheckoutReturnPage; attempt: number }): string {
  return `invoice-${checkout.invoiceId}-${checkout.amountCents}-${checkout.currency}-${checkout.returnsTo}-${checkout.attempt}`;
}

/**
 * What a refund event adds, in cents: Stripe tells how much of the charge it has refunded in all,
 * so a refund told twice, or told after a later one, adds nothing; never more than was paid.
 */
export function refundToRecord(payment: { amountCents: number; refundedCents: number }, refundedByStripeCents: number): number {
  return Math.max(0, Math.min(refundedByStripeCents, payment.amountCents) - payment.refundedCents);
}
