import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { recordReferralCommission } from "~/referrals/referrals.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { formatCents } from "~/formatting/money";
import type { PaymentInput } from "./invoice-forms";
import type { InvoiceStatus } from "./invoice-options";
import { isOverdue } from "./invoice-schedule";
import { balanceCents } from "./invoice-totals";
import { lockInvoice, recordInvoiceChange } from "./invoices.server";
import { invoicePayments, invoices, type Invoice, type InvoicePayment } from "./schema";
import { dayIn } from "~/formatting/dates";

/** What was paid against the invoice: its payments, less refunds (decision 047). */
export async function paidCents(tx: DatabaseExecutor, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId));
  return Number(row?.paid ?? 0);
}

/** The status once payments changed: paid when they cover the total, else what it was before it was paid. */
export function statusAfterPayments(invoice: Invoice, balance: number, now: Date, timeZone: string): InvoiceStatus {
  if (balance === 0 && invoice.totalCents > 0) return "paid";
  if (invoice.status !== "paid") return invoice.status;
  const unpaid: InvoiceStatus = invoice.sentAt ? "sent" : "draft";
  return isOverdue({ status: unpaid, dueDate: invoice.dueDate }, now, timeZone) ? "overdue" : unpaid;
}

/**
 * 'Record Payment': a partial or full payment, never more than the balance. Paying the balance sets
 * status paid, paid_date (the payment's date) and the payment method.
 */
export async function recordPayment(actor: Actor, invoiceId: string, input: PaymentInput, now = new Date()): Promise<InvoicePayment> {
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
    if (status === "paid") await recordReferralCommission(tx, { clientId: invoice.clientId, invoiceTotalCents: invoice.totalCents });
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "record-payment",
      summary: status === "paid" ? `Recorded a payment of ${formatCents(input.amount)}, paying the invoice` : `Recorded a payment of ${formatCents(input.amount)}`,
      details: { paymentId: payment.id, amountCents: input.amount, method: input.method, paidOn: input.paidOn, status: { from: invoice.status, to: status } },
    });
    return payment;
  });
}

export const CARD_PAYMENT_KEPT = "This payment came through Stripe, so it stays. To give the money back, refund it in Stripe: the refund is recorded here.";

/** Removes a payment recorded by mistake; a paid invoice that now owes money goes back to sent (or overdue). */
export async function deletePayment(actor: Actor, invoiceId: string, paymentId: string, now = new Date()): Promise<void> {
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

export function todayForPayments(timeZone: string, now = new Date()): string {
  return dayIn(now, timeZone);
}
