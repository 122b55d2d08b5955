import { eq } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { emailTemplates, type EmailTemplateKey } from "~/email/schema";
import { renderEmailTemplate, type RenderedEmail, type TemplateVariables } from "~/email/template-rendering";
import { notFound } from "~/refusal/refusal";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { payNowLink } from "./client-card-payments.server";
import { bankTransferInstruction, invoiceFileName, type Agency } from "./invoice-document";
import { invoiceLink } from "./invoice-link.server";
import { agencyForInvoices } from "./invoice-pdf.server";
import { findInvoiceDetail, type InvoiceDetail } from "./invoice-detail.server";

function dueDateText(dueDate: string | null): string {
  return dueDate ? formatDay(dueDate) : "on receipt";
}

/** The template's {{Variables}} for an invoice (the same for the e-mail, its preview and reminders). */
export function invoiceEmailVariables(detail: InvoiceDetail, agency: Agency, link: string): TemplateVariables {
  return {
    FirstName: detail.client.name.split(/\s+/)[0] ?? detail.client.name,
    InvoiceNumber: detail.invoice.invoiceNumber,
    Total: formatCents(detail.invoice.totalCents),
    Balance: formatCents(detail.money.balanceCents),
    DueDate: dueDateText(detail.invoice.dueDate),
    InvoiceLink: link,
    PaymentInstruction: bankTransferInstruction(agency, detail.invoice.invoiceNumber),
    CompanyName: agency.name,
  };
}

/** The admin-editable template, read for a preview (sending reads it inside its transaction). */
async function readTemplate(executor: DatabaseExecutor, key: EmailTemplateKey) {
  const [template] = await executor.select().from(emailTemplates).where(eq(emailTemplates.key, key)).limit(1);
  if (!template) throw new Error(`The e-mail template "${key}" is missing; restart the app to re-seed it.`);
  return template;
}

export type InvoicePreview = RenderedEmail & { to: string; attachmentName: string };

/** 'Preview & Send': the e-mail exactly as the client will get it (the link is the real one once sent). */
export async function previewInvoiceEmail(invoiceId: string): Promise<InvoicePreview> {
  const [detail, agency] = await Promise.all([findInvoiceDetail(invoiceId), agencyForInvoices()]);
  if (!detail) throw notFound("Invoice not found");
  const template = await readTemplate(db(), "invoice");
  const link = invoiceLink(detail.invoice.viewToken ?? "(your private link, made when the invoice is sent)");
  // As it will be sent: a draft is sent by this e-mail.
  const asSent = { status: detail.invoice.status === "draft" ? ("sent" as const) : detail.invoice.status, balanceCents: detail.money.balanceCents };
  return {
    ...renderEmailTemplate(template, invoiceEmailVariables(detail, agency, link), undefined, { portalLink: agency.portalLink, payNowLink: payNowLink(asSent, link) }),
    to: detail.client.email,
    attachmentName: invoiceFileName(detail.invoice.invoiceNumber),
  };
}
