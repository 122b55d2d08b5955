import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { payNowLink } from "./client-card-payments.server";
import { findInvoiceDetail } from "./invoice-detail.server";
import { invoiceFileName } from "./invoice-document";
import { invoiceEmailVariables } from "./invoice-email.server";
import { invoiceLink, newInvoiceViewToken } from "./invoice-link.server";
import { agencyForInvoices, renderInvoicePdf } from "./invoice-pdf.server";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { invoices } from "./schema";

export type SendInvoiceOptions = {
  actor: Actor;
  invoiceId: string;
  now?: Date;
  /** The caller's transaction, when the sending is part of a larger change (a signed proposal's deposit). */
  executor?: DatabaseExecutor;
};

/**
 * Send / Resend: one transaction sets status sent (a draft) and sent_at, gives the invoice its
 * capability link, and writes the e-mail with the PDF attached to the outbox (recorded on the
 * client's lead timeline). Anything failing on the way rolls all of it back.
 */
export async function sendInvoice({ actor, invoiceId, now = new Date(), executor }: SendInvoiceOptions): Promise<{ invoiceNumber: string; to: string }> {
  const agency = await agencyForInvoices(executor);
  return (executor ?? db()).transaction(async (tx) => {
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
