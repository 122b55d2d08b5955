import { data } from "react-router";
import type { Route } from "./+types/public-invoice-pdf-route";
import { invoiceFileName } from "./invoice-document";
import { agencyForInvoices, renderInvoicePdf } from "./invoice-pdf.server";
import { findInvoiceByViewToken } from "./invoices.server";

/** The client's PDF download from their invoice page; a wrong token is a plain 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const detail = await findInvoiceByViewToken(params.token ?? "", { recordView: false });
  if (!detail) throw data("Not found", { status: 404 });
  const pdf = await renderInvoicePdf(detail, await agencyForInvoices());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(detail.invoice.invoiceNumber)}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
