import type { DatabaseExecutor } from "~/db/connection.server";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { formatDate, formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { bankTransferInstruction, invoiceFileName, paymentMethodLabel, type Agency } from "./invoice-document";
import { findInvoiceDetail, type InvoiceDetail } from "./invoice-detail.server";

/**
 * The invoice as a PDF, made in process with pdfkit (DESIGN.md "documents": no headless browser).
 * Uses the PDF standard fonts, so no font files are read and the text is extractable (pdftotext).
 */
export async function agencyForInvoices(executor?: DatabaseExecutor): Promise<Agency & { timeZone: string; portalLink: string | null }> {
  const settings = await getOrganizationSettings(executor);
  return {
    name: settings.companyName ?? "Our studio",
    email: settings.replyToEmail,
    phone: settings.phone,
    timeZone: settings.timezone,
    // Invoice mail ends with the client portal's address while the portal is on.
    portalLink: clientPortalLink(settings),
  };
}

const MARGIN = 50;
const PAGE_WIDTH = 612; // US Letter, points
const RIGHT = PAGE_WIDTH - MARGIN;
const COLUMNS = { description: MARGIN, quantity: 330, unit: 390, total: 470 } as const;

function dateOrDash(value: Date | string | null, timeZone: string): string {
  if (!value) return "—";
  return typeof value === "string" ? formatDay(value) : formatDate(value, timeZone);
}

export async function renderInvoicePdf(detail: InvoiceDetail, agency: Agency & { timeZone: string }): Promise<Buffer> {
  const { invoice, client, lines, money } = detail;
  // Loaded on the first invoice PDF, not at every start of the server (a third of a second of CPU).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: agency.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // Header: the agency and its contact; the invoice's number and dates on the right.
  doc.font("Helvetica-Bold").fontSize(20).text(agency.name, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).fillColor("#444444");
  if (agency.email) doc.text(agency.email);
  if (agency.phone) doc.text(agency.phone);
  doc.font("Helvetica-Bold").fontSize(16).fillColor("#000000").text("INVOICE", 350, MARGIN, { width: RIGHT - 350, align: "right" });
  doc.font("Helvetica").fontSize(10);
  const facts: [string, string][] = [
    ["Invoice number", invoice.invoiceNumber],
    ["Issued", dateOrDash(invoice.sentAt ?? invoice.createdAt, agency.timeZone)],
    ["Due", dateOrDash(invoice.dueDate, agency.timeZone)],
    ["Status", invoice.status],
  ];
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, 300, undefined, { width: RIGHT - 300, align: "right" });

  // The client.
  doc.moveDown(2);
  const billToY = Math.max(doc.y, 140);
  doc.font("Helvetica-Bold").text("Bill to", MARGIN, billToY);
  doc.font("Helvetica").text(client.name).text(client.email);
  if (client.phone) doc.text(client.phone);
  if (detail.project) doc.text(`Project: ${detail.project.name ?? detail.project.projectNumber} (${detail.project.projectNumber})`);

  // Lines.
  doc.moveDown(1.5);
  let y = doc.y;
  doc.font("Helvetica-Bold");
  doc.text("Description", COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
  doc.text("Qty", COLUMNS.quantity, y, { width: 50, align: "right" });
  doc.text("Unit price", COLUMNS.unit, y, { width: 70, align: "right" });
  doc.text("Total", COLUMNS.total, y, { width: RIGHT - COLUMNS.total, align: "right" });
  y = doc.y + 4;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).strokeColor("#cccccc").stroke();
  doc.font("Helvetica");
  y += 6;
  for (const line of lines) {
    const height = doc.heightOfString(line.description, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    if (y + height > 700) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(line.description, COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    doc.text(String(line.quantity), COLUMNS.quantity, y, { width: 50, align: "right" });
    doc.text(formatCents(line.unitPriceCents), COLUMNS.unit, y, { width: 70, align: "right" });
    doc.text(formatCents(line.totalCents), COLUMNS.total, y, { width: RIGHT - COLUMNS.total, align: "right" });
    y += Math.max(height, 12) + 6;
  }
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).strokeColor("#cccccc").stroke();

  // Summary.
  y += 10;
  const summary: [string, string, boolean][] = [
    ["Subtotal", formatCents(invoice.subtotalCents), false],
    ["Discount", invoice.discountCents > 0 ? `-${formatCents(invoice.discountCents)}` : formatCents(0), false],
    ["Tax", formatCents(invoice.taxCents), false],
    ["Total", formatCents(invoice.totalCents), true],
    ["Amount paid", formatCents(money.paidCents), false],
    ["Balance due", formatCents(money.balanceCents), true],
  ];
  for (const [label, value, strong] of summary) {
    doc.font(strong ? "Helvetica-Bold" : "Helvetica");
    doc.text(label, 330, y, { width: 130, align: "right" });
    doc.text(value, COLUMNS.total, y, { width: RIGHT - COLUMNS.total, align: "right" });
    y += 16;
  }

  // How to pay.
  doc.font("Helvetica-Bold").text("How to pay", MARGIN, y + 16);
  doc.font("Helvetica").text(bankTransferInstruction(agency, invoice.invoiceNumber), { width: RIGHT - MARGIN });
  if (detail.payments.length > 0) {
    doc.moveDown();
    doc.font("Helvetica-Bold").text("Payments received");
    doc.font("Helvetica");
    for (const payment of detail.payments) {
      doc.text(`${dateOrDash(payment.paidOn, agency.timeZone)}  ${paymentMethodLabel(payment.method)}  ${formatCents(payment.amountCents)}`);
    }
  }
  if (invoice.notes) {
    doc.moveDown();
    doc.font("Helvetica-Bold").text("Notes");
    doc.font("Helvetica").text(invoice.notes, { width: RIGHT - MARGIN });
  }
  doc.end();
  return done;
}

/** The PDF of an invoice (download from the list, the editor, the project's panel and the client's page); null when there is no such invoice. */
export async function invoicePdf(invoiceId: string): Promise<{ fileName: string; pdf: Buffer } | null> {
  const [detail, agency] = await Promise.all([findInvoiceDetail(invoiceId), agencyForInvoices()]);
  if (!detail) return null;
  return { fileName: invoiceFileName(detail.invoice.invoiceNumber), pdf: await renderInvoicePdf(detail, agency) };
}
