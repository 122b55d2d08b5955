import { publish } from "~/events/domain-events";
import { eq, sql } from "drizzle-orm";
import { paymentProviderActor } from "~/audit/actor";
import type { DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { getOrganizationSettings } from "~/organization/settings.server";
import { recordReferralCommission } from "~/referrals/referrals.server";
import { paidCents, statusAfterPayments } from "./invoice-payments.server";
import { balanceCents } from "./invoice-totals";
import { findInvoiceDetail } from "./invoice-detail.server";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { invoicePayments, invoices } from "./schema";
import type { ProviderEventOutcome } from "./card-payment-options";
import { queueCardPaymentMail } from "./card-payment-emails.server";
import { cardCheckoutSessions } from "./schema";

/** What handling one provider event did, kept with the event. */
export type HandledEvent = { outcome: ProviderEventOutcome; detail?: string; invoiceId?: string };

/** A Checkout Session as Stripe's event tells it, the fields the site reads. */
export type CompletedCheckout = {
  sessionId: string;
  mode: string;
  paymentStatus: string;
  amountTotalCents: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  metadataInvoiceId: string | null;
  paymentIntentId: string | null;
};

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refused = (detail: string, invoiceId?: string): HandledEvent => ({ outcome: "refused", detail, invoiceId });

/**
 * A completed Checkout Session, told by Stripe's signed webhook: recorded as a card payment of the
 * amount Stripe took, under its PaymentIntent (unique), once it is paid, and only for a session
 * this site opened, for the invoice the session names and the amount it was opened for. The
 * invoice's balance and status follow the payment rules (invoice-payments.server.ts); the client
 * gets a receipt and the agency a notification, in the same transaction.
 */
export async function recordCardPayment(tx: DatabaseExecutor, { eventId, checkout, paidAt, now = new Date() }: { eventId: string; checkout: CompletedCheckout; paidAt: Date; now?: Date }): Promise<HandledEvent> {
  if (checkout.mode !== "payment") return refused(`Session ${checkout.sessionId} is not a payment (mode ${checkout.mode}).`);
  const invoiceId = checkout.clientReferenceId;
  if (!invoiceId || !RECORD_ID.test(invoiceId) || checkout.metadataInvoiceId !== invoiceId) {
    return refused(`Session ${checkout.sessionId} does not name one invoice of this site (client_reference_id ${invoiceId ?? "none"}, metadata ${checkout.metadataInvoiceId ?? "none"}).`);
  }
  const [known] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!known) return refused(`Session ${checkout.sessionId} names invoice ${invoiceId}, which is not here (never, or deleted).`);
  const [opened] = await tx.select().from(cardCheckoutSessions).where(eq(cardCheckoutSessions.sessionId, checkout.sessionId));
  if (!opened) return refused(`Session ${checkout.sessionId} was not opened by this site.`, invoiceId);
  if (opened.invoiceId !== invoiceId) return refused(`Session ${checkout.sessionId} was opened for another invoice (${opened.invoiceId}), not ${invoiceId}.`, invoiceId);
  if (checkout.amountTotalCents !== opened.amountCents || checkout.currency !== opened.currency) {
    return refused(
      `Session ${checkout.sessionId} says ${checkout.amountTotalCents ?? "no amount"} ${checkout.currency ?? ""} where it was opened for ${opened.amountCents} ${opened.currency}.`,
      invoiceId,
    );
  }
  if (checkout.paymentStatus !== "paid") return { outcome: "payment_pending", detail: `Session ${checkout.sessionId} is ${checkout.paymentStatus}.`, invoiceId };
  if (!checkout.paymentIntentId) return refused(`Session ${checkout.sessionId} is paid but names no payment.`, invoiceId);

  const settings = await getOrganizationSettings(tx);
  const invoice = await lockInvoice(tx, invoiceId);
  const balanceBefore = balanceCents(invoice.totalCents, await paidCents(tx, invoiceId));
  const paidOn = dayIn(paidAt, settings.timezone);
  const [payment] = await tx
    .insert(invoicePayments)
    .values({ invoiceId, amountCents: opened.amountCents, paidOn, method: "stripe", providerPaymentId: checkout.paymentIntentId })
    .onConflictDoNothing({ target: invoicePayments.providerPaymentId, where: sql`amount_cents > 0` })
    .returning();
  if (!payment) return { outcome: "already_recorded", detail: `Payment ${checkout.paymentIntentId} is recorded already.`, invoiceId };

  const balance = balanceCents(invoice.totalCents, await paidCents(tx, invoiceId));
  const status = statusAfterPayments(invoice, balance, now, settings.timezone);
  await tx
    .update(invoices)
    .set({
      status,
      paidDate: status === "paid" ? paidOn : invoice.paidDate,
      paymentMethod: status === "paid" ? "stripe" : invoice.paymentMethod,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoiceId));
  await tx.update(cardCheckoutSessions).set({ paymentId: payment.id }).where(eq(cardCheckoutSessions.id, opened.id));
  if (status === "paid" && invoice.status !== "paid") {
    await recordReferralCommission(tx, { clientId: invoice.clientId, invoiceTotalCents: invoice.totalCents });
    await publish(tx, "invoice.paid", { invoice, now });
  }
  // Money Stripe took is money received, even past the balance (paid meanwhile by transfer): the
  // admin sees it, and refunds the difference in Stripe.
  const over = Math.max(0, payment.amountCents - balanceBefore);
  const amount = formatCents(payment.amountCents);
  await recordInvoiceChange(tx, paymentProviderActor("Stripe"), invoice, {
    intent: "card-payment",
    summary: `Recorded a card payment of ${amount} through Stripe${status === "paid" ? ", paying the invoice" : ""}${over > 0 ? `, ${formatCents(over)} more than the balance` : ""}`,
    details: { paymentId: payment.id, amountCents: payment.amountCents, providerPaymentId: checkout.paymentIntentId, checkoutSessionId: checkout.sessionId, eventId, paidOn, status: { from: invoice.status, to: status } },
  });
  const detail = await findInvoiceDetail(invoiceId, tx);
  if (detail) await queueCardPaymentMail(tx, detail, payment, settings);
  return { outcome: "payment_recorded", detail: over > 0 ? `${formatCents(over)} more than the balance was paid.` : undefined, invoiceId };
}
