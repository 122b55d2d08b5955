import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { emailTemplates, type EmailTemplateKey } from "~/email/schema";
import { renderEmailTemplate, type RenderedEmail, type TemplateVariables } from "~/email/template-rendering";
import { notFound, Refusal } from "~/refusal/refusal";
import { formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { payNowLink } from "./client-card-payments.server";
import { bankTransferInstruction, invoiceFileName, type Agency } from "./invoice-document";
import { invoiceLink, newInvoiceViewToken } from "./invoice-link.server";
import { agencyForInvoices, renderInvoicePdf } from "./invoice-pdf.server";
import { findInvoiceDetail, lockInvoice, recordInvoiceChange, type InvoiceDetail } from "./invoices.server";
import { invoices } from "./schema";

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

/**
 * Send / Resend: one transaction sets status sent (a draft) and sent_at, gives the invoice its
 * capability link, and writes the e-mail with the PDF attached to the outbox (recorded on the
 * client's lead timeline). Anything failing on the way rolls all of it back.
 */
export async function sendInvoice(actor: Actor, invoiceId: string, now = new Date()): Promise<{ invoiceNumber: string; to: string }> {
  const agency = await agencyForInvoices();
  return db().transaction(async (tx) => {
    const current = await lockInvoice(tx, invoiceId);
    if (current.status === "paid") throw new Refusal("This invoice is already paid.", { status: 409 });
    const viewToken = current.viewToken ?? newInvoiceViewToken();
    await tx
      .update(invoices)
      .set({ status: current.status === "draft" ? "sent" : current.status, sentAt: now, viewToken, updatedAt: now })
      .where(eq(invoices.id, invoiceId));
    const detail = await findInvoiceDetail(invoiceId, tx);
    if (!detail) throw notFound("Invoice not found");
    if (detail.lines.length === 0) throw new Refusal("Add at least one line item before sending.");
    const pdf = await renderInvoicePdf(detail, agency);
    await enqueueTemplatedEmail(tx, {
      templateKey: "invoice",
      to: detail.client.email,
      toName: detail.client.name,
      emailType: "invoice",
      leadId: detail.client.leadId,
      actorUserId: actor.userId,
      metadata: { invoiceId, invoiceNumber: detail.invoice.invoiceNumber, clientId: detail.client.id, resend: current.sentAt !== null },
      variables: invoiceEmailVariables(detail, agency, invoiceLink(viewToken)),
      portalLink: agency.portalLink,
      payNowLink: payNowLink({ status: detail.invoice.status, balanceCents: detail.money.balanceCents }, invoiceLink(viewToken)),
      attachments: [{ filename: invoiceFileName(detail.invoice.invoiceNumber), contentType: "application/pdf", content: pdf.toString("base64") }],
    });
    await recordInvoiceChange(tx, actor, current, {
      intent: "send-invoice",
      summary: current.sentAt ? "Sent an invoice again" : "Sent an invoice",
      details: { clientId: detail.client.id, resend: current.sentAt !== null },
    });
    return { invoiceNumber: detail.invoice.invoiceNumber, to: detail.client.email };
  });
}

/** The PDF of an invoice (download from the list, the editor, the project's panel and the client's page); null when there is no such invoice. */
export async function invoicePdf(invoiceId: string): Promise<{ fileName: string; pdf: Buffer } | null> {
  const [detail, agency] = await Promise.all([findInvoiceDetail(invoiceId), agencyForInvoices()]);
  if (!detail) return null;
  return { fileName: invoiceFileName(detail.invoice.invoiceNumber), pdf: await renderInvoicePdf(detail, agency) };
}
