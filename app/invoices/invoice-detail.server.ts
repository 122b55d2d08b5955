import { and, asc, desc, eq, sql } from "drizzle-orm";
import { clients, type Client } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { projects, type Project } from "~/projects/schema";
import { balanceCents } from "./invoice-totals";
import { invoiceLineItems, invoicePayments, invoices, type Invoice, type InvoiceLineItem, type InvoicePayment } from "./schema";

/** What the invoice's money looks like with its payments: the balance shown everywhere. */
export type InvoiceMoney = { paidCents: number; balanceCents: number };

export type InvoiceDetail = {
  invoice: Invoice;
  client: Client;
  project: Project | null;
  lines: InvoiceLineItem[];
  payments: InvoicePayment[];
  money: InvoiceMoney;
};

/** An invoice with what the editor, the PDF and the client's page show. */
export async function findInvoiceDetail(invoiceId: string, executor: DatabaseExecutor = db()): Promise<InvoiceDetail | undefined> {
  const [row] = await executor
    .select({ invoice: invoices, client: clients, project: projects })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return undefined;
  const [lines, payments] = await Promise.all([
    executor.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId)).orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id)),
    executor.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
  ]);
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return { ...row, lines, payments, money: { paidCents, balanceCents: balanceCents(row.invoice.totalCents, paidCents) } };
}

/** A capability token as this app makes them (32 random bytes, base64url); anything else is not looked up. */
const VIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The client's invoice page: the invoice whose whole token matches, or undefined (a guessed or
 * altered link finds nothing). `recordView` writes the first view's time once ("viewed").
 */
export async function findInvoiceByViewToken(token: string, options: { recordView: boolean; now?: Date }): Promise<InvoiceDetail | undefined> {
  if (!VIEW_TOKEN.test(token)) return undefined;
  const [row] = await db().select({ id: invoices.id, firstViewedAt: invoices.firstViewedAt }).from(invoices).where(eq(invoices.viewToken, token));
  if (!row) return undefined;
  if (options.recordView && !row.firstViewedAt) {
    await db()
      .update(invoices)
      .set({ firstViewedAt: options.now ?? new Date() })
      .where(and(eq(invoices.id, row.id), sql`${invoices.firstViewedAt} is null`));
  }
  return findInvoiceDetail(row.id);
}

/** Options for the editor's selects: clients by name and their projects. */
export async function invoiceFormOptions() {
  const [clientRows, projectRows] = await Promise.all([
    db().select({ id: clients.id, name: clients.name, tier: clients.tier }).from(clients).orderBy(asc(clients.name)).limit(1000),
    db()
      .select({ id: projects.id, clientId: projects.clientId, name: projects.name, projectNumber: projects.projectNumber, tier: projects.tier })
      .from(projects)
      .orderBy(desc(projects.createdAt))
      .limit(2000),
  ]);
  return { clients: clientRows, projects: projectRows };
}
