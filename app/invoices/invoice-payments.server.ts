import { eq, sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import type { InvoiceStatus } from "./invoice-options";
import { isOverdue } from "./invoice-schedule";
import { invoicePayments, type Invoice } from "./schema";

// The rules every payment follows, recorded by hand (record-payment.server.ts, delete-payment.server.ts)
// or by Stripe (record-card-payment.server.ts, record-card-refund.server.ts).

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

export function todayForPayments(timeZone: string, now = new Date()): string {
  return dayIn(now, timeZone);
}
