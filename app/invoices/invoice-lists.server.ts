import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { keysetPage, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import { projects } from "~/projects/schema";
import type { InvoiceMoney } from "./invoice-detail.server";
import type { InvoiceListView } from "./invoice-list-view";
import { balanceCents } from "./invoice-totals";
import { invoicePayments, invoices, type Invoice } from "./schema";

export const INVOICES_PAGE_SIZE = 25;

export type InvoiceListRow = Invoice & {
  clientName: string;
  projectNumber: string | null;
  projectName: string | null;
  paidCents: number;
};

/**
 * What was paid against the invoice of the row, summed in the query. The invoice's id is qualified
 * by hand: in a query of the invoices table alone, Drizzle writes its columns unqualified, and in
 * this subquery an unqualified "id" would be the payment's (every invoice then read as unpaid).
 */
export function paidSum() {
  return sql<number>`coalesce((select sum(${invoicePayments.amountCents}) from ${invoicePayments} where ${invoicePayments.invoiceId} = "invoices"."id"), 0)::int`;
}

function viewCondition(view: Pick<InvoiceListView, "status" | "client">): SQL | undefined {
  return and(view.status ? eq(invoices.status, view.status) : undefined, view.client ? eq(invoices.clientId, view.client) : undefined);
}

/** One page of the list by keyset (created_at, id), newest first unless the view says otherwise. */
export async function listInvoices(query: PageQuery & { view: InvoiceListView }) {
  const page = await keysetPage(
    pageRequest(query, INVOICES_PAGE_SIZE),
    { by: invoices.createdAt, tieBreaker: invoices.id, direction: query.view.sort.direction, valueKind: "time" },
    ({ beyond, orderBy, limit }) =>
      db()
        .select({ invoice: invoices, clientName: clients.name, projectNumber: projects.projectNumber, projectName: projects.name, paidCents: paidSum() })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .leftJoin(projects, eq(projects.id, invoices.projectId))
        .where(and(viewCondition(query.view), beyond))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.invoice.createdAt.toISOString(), id: row.invoice.id }),
  );
  const rows: InvoiceListRow[] = page.rows.map((row) => ({
    ...row.invoice,
    clientName: row.clientName,
    projectNumber: row.projectNumber,
    projectName: row.projectName,
    paidCents: Number(row.paidCents),
  }));
  return { invoices: rows, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/** The list's four tiles (spec 001: total, paid, pending = sent, overdue), within the client filter. */
export async function invoiceStats(clientId: string | null) {
  const [row] = await db()
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${invoices.status} = 'paid')::int`,
      pending: sql<number>`count(*) filter (where ${invoices.status} = 'sent')::int`,
      overdue: sql<number>`count(*) filter (where ${invoices.status} = 'overdue')::int`,
    })
    .from(invoices)
    .where(clientId ? eq(invoices.clientId, clientId) : undefined);
  return { total: Number(row?.total ?? 0), paid: Number(row?.paid ?? 0), pending: Number(row?.pending ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** A project's invoices with their balance (the project's invoices panel), newest first. */
export async function listProjectInvoices(projectId: string): Promise<(Invoice & InvoiceMoney)[]> {
  const rows = await db()
    .select({ invoice: invoices, paidCents: paidSum() })
    .from(invoices)
    .where(eq(invoices.projectId, projectId))
    .orderBy(desc(invoices.createdAt));
  return rows.map((row) => ({ ...row.invoice, paidCents: Number(row.paidCents), balanceCents: balanceCents(row.invoice.totalCents, Number(row.paidCents)) }));
}

/**
 * A client's invoices with their balance and project number (the client page's Invoices tab),
 * newest first: spec 001 counts those billed to the client or to one of its projects.
 */
export async function listClientInvoices(clientId: string, projectIds: readonly string[]): Promise<(Invoice & InvoiceMoney & { projectNumber: string | null })[]> {
  const scope = projectIds.length > 0 ? sql`(${eq(invoices.clientId, clientId)} or ${inArray(invoices.projectId, [...projectIds])})` : eq(invoices.clientId, clientId);
  const rows = await db()
    .select({ invoice: invoices, projectNumber: projects.projectNumber, paidCents: paidSum() })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(scope)
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map((row) => ({
    ...row.invoice,
    projectNumber: row.projectNumber,
    paidCents: Number(row.paidCents),
    balanceCents: balanceCents(row.invoice.totalCents, Number(row.paidCents)),
  }));
}
