import { publish } from "~/events/domain-events";
import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { formatCents } from "~/formatting/money";
import { getOrganizationSettings } from "~/organization/settings.server";
import { recordReferralCommission } from "~/referrals/referrals.server";
import { Refusal } from "~/refusal/refusal";
import type { PaymentInput } from "./invoice-forms";
import { paidCents, statusAfterPayments } from "./invoice-payments.server";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { balanceCents } from "./invoice-totals";
import { invoicePayments, invoices, type InvoicePayment } from "./schema";

export type RecordPaymentOptions = {
  actor: Actor;
  invoiceId: string;
  input: PaymentInput;
  now?: Date;
};

/**
 * 'Record Payment': a partial or full payment, never more than the balance. Paying the balance sets
 * status paid, paid_date (the payment's date) and the payment method.
 */
export async function recordPayment({ actor, invoiceId, input, now = new Date() }: RecordPaymentOptions): Promise<InvoicePayment> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const balance = balanceCents(invoice.totalCents, await paidCents(tx, invoiceId));
    if (balance === 0) throw new Refusal("Nothing is owed on this invoice.", { field: "amount" });
    if (input.amount > balance) {
      throw new Refusal(`The payment is more than the balance (${formatCents(balance)}).`, { field: "amount" });
    }
    const [payment] = await tx
      .insert(invoicePayments)
      .values({ invoiceId, amountCents: input.amount, paidOn: input.paidOn, method: input.method, note: input.note, recordedBy: actor.userId })
      .returning();
    if (!payment) throw new Error("The payment was not saved");
    const newBalance = balance - input.amount;
    const status = statusAfterPayments(invoice, newBalance, now, settings.timezone);
    await tx
      .update(invoices)
      .set({
        status,
        paidDate: status === "paid" ? input.paidOn : invoice.paidDate,
        paymentMethod: status === "paid" ? input.method : invoice.paymentMethod,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    if (status === "paid") {
      await recordReferralCommission(tx, { clientId: invoice.clientId, invoiceTotalCents: invoice.totalCents });
      await publish(tx, "invoice.paid", { invoice, now });
    }
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "record-payment",
      summary: status === "paid" ? `Recorded a payment of ${formatCents(input.amount)}, paying the invoice` : `Recorded a payment of ${formatCents(input.amount)}`,
      details: { paymentId: payment.id, amountCents: input.amount, method: input.method, paidOn: input.paidOn, status: { from: invoice.status, to: status } },
    });
    return payment;
  });
}
