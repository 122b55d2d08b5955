import { and, eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { formatCents } from "~/formatting/money";
import { getOrganizationSettings } from "~/organization/settings.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { paidCents, statusAfterPayments } from "./invoice-payments.server";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { balanceCents } from "./invoice-totals";
import { invoicePayments, invoices } from "./schema";

export type DeletePaymentOptions = {
  actor: Actor;
  invoiceId: string;
  paymentId: string;
  now?: Date;
};

export const CARD_PAYMENT_KEPT = "This payment came through Stripe, so it stays. To give the money back, refund it in Stripe: the refund is recorded here.";

/** Removes a payment recorded by mistake; a paid invoice that now owes money goes back to sent (or overdue). */
export async function deletePayment({ actor, invoiceId, paymentId, now = new Date() }: DeletePaymentOptions): Promise<void> {
  const settings = await getOrganizationSettings();
  await db().transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const [payment] = await tx
      .select({ providerPaymentId: invoicePayments.providerPaymentId })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)));
    if (!payment) throw notFound("Payment not found");
    // Money Stripe took stays on the books; a refund is made in Stripe, whose webhook records it.
    if (payment.providerPaymentId) throw new Refusal(CARD_PAYMENT_KEPT, { status: 409 });
    const deleted = await tx
      .delete(invoicePayments)
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)))
      .returning();
    if (deleted.length === 0) throw notFound("Payment not found");
    const balance = balanceCents(invoice.totalCents, await paidCents(tx, invoiceId));
    const status = statusAfterPayments(invoice, balance, now, settings.timezone);
    await tx
      .update(invoices)
      .set({ status, paidDate: status === "paid" ? invoice.paidDate : null, updatedAt: now })
      .where(eq(invoices.id, invoiceId));
    const [removed] = deleted;
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "delete-payment",
      summary: `Removed a payment of ${formatCents(removed?.amountCents ?? 0)}`,
      details: { paymentId, amountCents: removed?.amountCents, status: { from: invoice.status, to: status } },
    });
  });
}
