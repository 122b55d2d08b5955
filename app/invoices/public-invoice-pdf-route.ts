import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/public-invoice-pdf-route";
import { invoiceFileName } from "./invoice-document";
import { agencyForInvoices, renderInvoicePdf } from "./invoice-pdf.server";
import { findInvoiceByViewToken } from "./invoice-detail.server";
import { fileDownload } from "~/http/file-download";

/** The client's PDF download from their invoice page; a wrong token is a plain 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const detail = await findInvoiceByViewToken(params.token ?? "", { recordView: false });
  const found = requireRecord(detail, "Invoice not found");
  const pdf = await renderInvoicePdf(found, await agencyForInvoices());
  return fileDownload(new Uint8Array(pdf), {
    contentType: "application/pdf",
    fileName: invoiceFileName(found.invoice.invoiceNumber),
    headers: { "Referrer-Policy": "no-referrer" },
  });
}
