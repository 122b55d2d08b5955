import { requireRecord } from "~/http/record-not-found";
import { findSentInvoiceOfClient } from "~/invoices/invoices-for-client.server";
import { invoiceFileName } from "~/invoices/invoice-document";
import { agencyForInvoices, renderInvoicePdf } from "~/invoices/invoice-pdf.server";
import { recordIdParam } from "~/forms/record-id";
import type { Route } from "./+types/portal-invoice-pdf-route";
import { recordPortalEvent } from "./portal-activity.server";
import { requirePortalClient } from "./portal-session.server";
import { fileDownload } from "~/http/file-download";

/** The PDF of one of the client's invoices; another client's is a plain 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const invoiceId = recordIdParam(params.invoiceId);
  const detail = invoiceId ? await findSentInvoiceOfClient(client.id, invoiceId) : undefined;
  const found = requireRecord(detail, "Invoice not found");
  const pdf = await renderInvoicePdf(found, await agencyForInvoices());
  await recordPortalEvent(client.id, { kind: "downloaded_invoice", subjectId: found.invoice.id, label: found.invoice.invoiceNumber });
  return fileDownload(new Uint8Array(pdf), { contentType: "application/pdf", fileName: invoiceFileName(found.invoice.invoiceNumber) });
}
