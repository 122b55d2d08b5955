import { and, desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { config } from "~/config.server";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { invoiceLink } from "./invoice-link.server";
import { findInvoiceDetail, type InvoiceDetail } from "./invoice-detail.server";
import { INVOICE_CURRENCY, type CheckoutReturnPage } from "./card-payment-options";
import { checkoutIdempotencyKey, payableByCard } from "./card-payment-rules";
import { cardCheckoutSessions } from "./schema";
import { requireCardPayments, stripeClient } from "./stripe-client.server";

export const NOTHING_TO_PAY = "Nothing is owed on this invoice.";
export const PAYMENT_BEING_CONFIRMED = "Your card payment for this invoice is being confirmed. Please wait a moment and reload the page.";

/** The page Stripe sends the client back to: the invoice's link, or the invoice in the client portal. */
function returnPage(detail: InvoiceDetail, returnsTo: CheckoutReturnPage): string {
  if (returnsTo === "portal") return `${config().publicUrl}/portal/invoices/${detail.invoice.id}`;
  if (!detail.invoice.viewToken) throw notFound("Invoice not found");
  return invoiceLink(detail.invoice.viewToken);
}

/** The session still open for this attempt, if Stripe says so; null when it ended or is unknown to it. */
async function openSession(stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === "complete") throw new Refusal(PAYMENT_BEING_CONFIRMED, { status: 409 });
    return session.status === "open" && session.url ? session : null;
  } catch (error) {
    if (error instanceof stripe.errors.StripeInvalidRequestError) return null;
    throw error;
  }
}

/**
 * 'Pay now': a Stripe Checkout Session (the hosted page, `mode: payment`) for the invoice's
 * balance, in its currency and cents, naming the invoice in `client_reference_id` and the
 * metadata of the session and of its payment, for the client's e-mail, coming back to the page
 * the client paid from. A session still open for the same balance is offered again; a new one is
 * opened with an Idempotency-Key per invoice, amount, page and attempt, so a double click opens
 * one. Nothing is marked paid here: only Stripe's signed webhook records a payment.
 */
export async function createCheckoutSession({ invoiceId, returnsTo, now = new Date() }: { invoiceId: string; returnsTo: CheckoutReturnPage; now?: Date }): Promise<{ url: string }> {
  requireCardPayments();
  const detail = await findInvoiceDetail(invoiceId);
  if (!detail) throw notFound("Invoice not found");
  const amountCents = detail.money.balanceCents;
  if (!payableByCard({ status: detail.invoice.status, balanceCents: amountCents })) throw new Refusal(NOTHING_TO_PAY, { status: 409 });
  const page = returnPage(detail, returnsTo);
  const stripe = await stripeClient();

  const earlier = await db()
    .select()
    .from(cardCheckoutSessions)
    .where(and(eq(cardCheckoutSessions.invoiceId, invoiceId), eq(cardCheckoutSessions.amountCents, amountCents), eq(cardCheckoutSessions.returnsTo, returnsTo)))
    .orderBy(desc(cardCheckoutSessions.createdAt));
  const latest = earlier[0];
  if (latest && latest.expiresAt > now) {
    const session = await openSession(stripe, latest.sessionId);
    if (session?.url) return { url: session.url };
  }

  const idempotencyKey = checkoutIdempotencyKey({ invoiceId, amountCents, currency: INVOICE_CURRENCY, returnsTo, attempt: earlier.length + 1 });
  const reference = { invoice_id: invoiceId, invoice_number: detail.invoice.invoiceNumber };
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: INVOICE_CURRENCY, unit_amount: amountCents, product_data: { name: `Invoice ${detail.invoice.invoiceNumber}` } },
        },
      ],
      client_reference_id: invoiceId,
      metadata: reference,
      payment_intent_data: { metadata: reference, description: `Invoice ${detail.invoice.invoiceNumber}` },
      customer_email: detail.client.email,
      success_url: `${page}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${page}?checkout=cancelled`,
    },
    { idempotencyKey },
  );
  if (!session.url) throw new Error("Stripe opened a Checkout Session without its page");
  await db()
    .insert(cardCheckoutSessions)
    .values({
      invoiceId,
      sessionId: session.id,
      // What the site asked for: the webhook records a payment only for this amount.
      amountCents,
      currency: INVOICE_CURRENCY,
      returnsTo,
      idempotencyKey,
      expiresAt: new Date(session.expires_at * 1000),
    })
    .onConflictDoNothing({ target: cardCheckoutSessions.sessionId });
  return { url: session.url };
}
