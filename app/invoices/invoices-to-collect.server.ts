import { and, asc, count, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { paidSum } from "./invoice-lists.server";
import { invoices } from "./schema";

export type InvoiceToCollect = {
  id: string;
  invoiceNumber: string;
  clientName: string;
  status: string;
  dueDate: string | null;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
};

/**
 * The dashboard's "invoices due or part-paid" (decision 050): sent invoices that are due today or
 * overdue, and those partly paid whenever they are due, oldest due first; and how many there are.
 */
export async function invoicesToCollect(today: string, limit: number): Promise<{ invoices: InvoiceToCollect[]; total: number }> {
  const paid = paidSum();
  const waiting = and(inArray(invoices.status, ["sent", "overdue"]), or(lte(invoices.dueDate, today), gt(paid, 0)));
  const [rows, [counted]] = await Promise.all([
    db()
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        clientName: clients.name,
        status: invoices.status,
        dueDate: invoices.dueDate,
        totalCents: invoices.totalCents,
        paidCents: paid,
      })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(waiting)
      .orderBy(sql`${invoices.dueDate} asc nulls last`, asc(invoices.id))
      .limit(limit),
    db().select({ total: count() }).from(invoices).where(waiting),
  ]);
  return {
    invoices: rows.map((row) => ({ ...row, paidCents: Number(row.paidCents), balanceCents: row.totalCents - Number(row.paidCents) })),
    total: Number(counted?.total ?? 0),
  };
}
