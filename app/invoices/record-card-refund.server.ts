import { and, eq, gt, lt, sql } from "drizzle-orm";
import { paymentProviderActor } from "~/audit/actor";
import type { DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { getOrganizationSettings } from "~/organization/settings.server";
import { paidCents, statusAfterPayments } from "./invoice-payments.server";
import { balanceCents } from "./invoice-totals";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { invoicePayments, invoices } from "./schema";
import { refundToRecord } from "./card-payment-rules";
import type { HandledEvent } from "./record-card-payment.server";

/** A refunded charge as Stripe's event tells it: how much of it Stripe has refunded in all. */
export type RefundedCharge = { chargeId: string; paymentIntentId: string | null; refundedCents: number };

/**
 * `charge.refunded`: what Stripe refunded of a card payment beyond what is recorded becomes a
 * refund row (a negative amount, keyed by the total refunded with it), so the balance comes back
 * and a paid invoice goes back to sent (or overdue) by the payment rules. The same refund told
 * twice, or an earlier one told after a later one, adds nothing.
 */
export async function recordCardRefund(tx: DatabaseExecutor, { eventId, charge, refundedAt, now = new Date() }: { eventId: string; charge: RefundedCharge; refundedAt: Date; now?: Date }): Promise<HandledEvent> {
  if (!charge.paymentIntentId) return { outcome: "refused", detail: `Charge ${charge.chargeId} names no payment.` };
  const paymentIntentId = charge.paymentIntentId;
  const [payment] = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.providerPaymentId, paymentIntentId), gt(invoicePayments.amountCents, 0)));
  if (!payment) return { outcome: "refused", detail: `No card payment here is ${paymentIntentId} (charge ${charge.chargeId}).` };

  const settings = await getOrganizationSettings(tx);
  const invoice = await lockInvoice(tx, payment.invoiceId);
  const [recorded] = await tx
    .select({ cents: sql<number>`coalesce(-sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.providerPaymentId, paymentIntentId), lt(invoicePayments.amountCents, 0)));
  const refundCents = refundToRecord({ amountCents: payment.amountCents, refundedCents: Number(recorded?.cents ?? 0) }, charge.refundedCents);
  const already: HandledEvent = { outcome: "already_recorded", detail: `The refunds of ${paymentIntentId} are recorded already.`, invoiceId: invoice.id };
  if (refundCents === 0) return already;
  const refundedOn = dayIn(refundedAt, settings.timezone);
  const [refund] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: invoice.id,
      amountCents: -refundCents,
      paidOn: refundedOn,
      method: "stripe",
      providerPaymentId: paymentIntentId,
      providerRefundedThroughCents: Math.min(charge.refundedCents, payment.amountCents),
    })
    .onConflictDoNothing({ target: [invoicePayments.providerPaymentId, invoicePayments.providerRefundedThroughCents], where: sql`amount_cents < 0` })
    .returning();
  if (!refund) return already;

  const balance = balanceCents(invoice.totalCents, await paidCents(tx, invoice.id));
  const status = statusAfterPayments(invoice, balance, now, settings.timezone);
  await tx
    .update(invoices)
    .set({ status, paidDate: status === "paid" ? invoice.paidDate : null, updatedAt: now })
    .where(eq(invoices.id, invoice.id));
  await recordInvoiceChange(tx, paymentProviderActor("Stripe"), invoice, {
    intent: "card-refund",
    summary: `Recorded a card refund of ${formatCents(refundCents)} through Stripe`,
    details: { paymentId: refund.id, amountCents: -refundCents, providerPaymentId: paymentIntentId, chargeId: charge.chargeId, eventId, refundedOn, status: { from: invoice.status, to: status } },
  });
  return { outcome: "refund_recorded", invoiceId: invoice.id };
}
