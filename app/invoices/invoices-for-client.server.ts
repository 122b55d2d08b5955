import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { formatDate } from "~/formatting/dates";
import { bankTransferInstruction, type Agency } from "./invoice-document";
import { findInvoiceDetail, type InvoiceDetail } from "./invoice-detail.server";
import { paidSum } from "./invoice-lists.server";
import { balanceCents } from "./invoice-totals";
import type { PublicInvoice } from "./public-invoice-view";
import { invoices, type InvoiceStatus } from "./schema";

/**
 * The invoices a client sees of their own (the client portal): those sent to them, never a draft,
 * each read by the client's id with the invoice's, so another client's invoice is never found.
 */
export type ClientInvoiceRow = {
  id: string;
  invoiceNumber: string;
  status: InvoiceStatus;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  dueDate: string | null;
  sentAt: Date;
};

const sentToClient = (clientId: string) => and(eq(invoices.clientId, clientId), isNotNull(invoices.sentAt), ne(invoices.status, "draft"));

/** A client's sent invoices: those with a balance first (soonest due first), then the rest, newest first. */
export async function listSentInvoicesOfClient(clientId: string): Promise<ClientInvoiceRow[]> {
  const rows = await db()
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: paidSum(),
      dueDate: invoices.dueDate,
      sentAt: invoices.sentAt,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(sentToClient(clientId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  const shown = rows.map(({ createdAt: _createdAt, ...row }) => ({
    ...row,
    paidCents: Number(row.paidCents),
    balanceCents: balanceCents(row.totalCents, Number(row.paidCents)),
    sentAt: row.sentAt ?? new Date(0),
  }));
  const open = shown.filter((row) => row.balanceCents > 0 && row.status !== "paid");
  const byDue = (a: ClientInvoiceRow, b: ClientInvoiceRow) => (a.dueDate ?? "9999-12-31").localeCompare(b.dueDate ?? "9999-12-31");
  return [...open.sort(byDue), ...shown.filter((row) => !open.includes(row))];
}

/** One of the client's sent invoices with everything its page and PDF show; undefined when it is not theirs. */
export async function findSentInvoiceOfClient(clientId: string, invoiceId: string): Promise<InvoiceDetail | undefined> {
  const [row] = await db().select({ id: invoices.id }).from(invoices).where(and(eq(invoices.id, invoiceId), sentToClient(clientId)));
  return row ? findInvoiceDetail(row.id) : undefined;
}

/** What the client reads of an invoice, on its capability page and in the portal alike: the same words as the PDF. */
export function invoiceForClient(detail: InvoiceDetail, agency: Agency & { timeZone: string }, pdfHref: string): PublicInvoice {
  const { invoice } = detail;
  return {
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    clientName: detail.client.name,
    issued: formatDate(invoice.sentAt ?? invoice.createdAt, agency.timeZone),
    dueDate: invoice.dueDate,
    lines: detail.lines.map(({ id, description, quantity, unitPriceCents, totalCents }) => ({ id, description, quantity, unitPriceCents, totalCents })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    paidCents: detail.money.paidCents,
    balanceCents: detail.money.balanceCents,
    paymentInstruction: bankTransferInstruction(agency, invoice.invoiceNumber),
    agencyName: agency.name,
    agencyEmail: agency.email,
    pdfHref,
  };
}
