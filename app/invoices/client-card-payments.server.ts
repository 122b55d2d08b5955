import { and, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import type { InvoiceStatus } from "./invoice-options";
import type { InvoiceDetail } from "./invoice-detail.server";
import { payableByCard } from "./card-payment-rules";
import type { ClientCardPayments, CheckoutReturn } from "./client-card-payments";
import { cardCheckoutSessions } from "./schema";
import { cardPayments } from "./stripe-client.server";

/**
 * What the client's invoice page shows of card payments (at its link and in the portal): the card
 * payments and refunds made (also once card payments are turned off: they were paid); while card
 * payments are on, whether 'Pay now' is offered and, back from Stripe's page, whether the webhook
 * has recorded the payment yet. It only reads: coming back from Stripe marks nothing paid. An
 * invoice never paid by card, with card payments off, shows nothing of them: the page as it always was.
 */
export async function clientCardPayments(detail: InvoiceDetail, returned: { checkout: string | null; sessionId: string | null }): Promise<ClientCardPayments> {
  const payments = detail.payments
    .filter((payment) => payment.providerPaymentId !== null)
    .map((payment) => ({ id: payment.id, paidOn: payment.paidOn, amountCents: payment.amountCents }));
  if (!cardPayments()) return { payable: false, returned: null, payments };
  return {
    payable: payableByCard({ status: detail.invoice.status, balanceCents: detail.money.balanceCents }),
    returned: await checkoutReturn(detail.invoice.id, returned),
    payments,
  };
}

async function checkoutReturn(invoiceId: string, { checkout, sessionId }: { checkout: string | null; sessionId: string | null }): Promise<CheckoutReturn> {
  if (checkout === "cancelled") return "cancelled";
  if (checkout !== "success" || !sessionId || sessionId.length > 255) return null;
  const [session] = await db()
    .select({ paymentId: cardCheckoutSessions.paymentId })
    .from(cardCheckoutSessions)
    .where(and(eq(cardCheckoutSessions.sessionId, sessionId), eq(cardCheckoutSessions.invoiceId, invoiceId)));
  if (!session) return null;
  return session.paymentId ? "received" : "processing";
}

/**
 * The 'Pay now' of an invoice's e-mail and reminders (a button to the invoice's page, where the
 * client pays): while card payments are on and the invoice, as sent, has something owed.
 */
export function payNowLink(invoice: { status: InvoiceStatus; balanceCents: number }, page: string): string | null {
  return cardPayments() && payableByCard(invoice) ? page : null;
}
