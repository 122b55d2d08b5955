import { requireAdmin } from "~/auth/guard.server";
import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/invoice-pdf-route";
import { invoicePdf } from "./invoice-pdf.server";
import { fileDownload } from "~/http/file-download";

/** Download: the invoice's PDF, made on request from what the invoice says now. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const invoiceId = recordIdParam(params.invoiceId);
  const { fileName, pdf } = requireRecord(invoiceId ? await invoicePdf(invoiceId) : null, "Invoice not found", {
    href: "/admin/invoices",
    label: "Back to Invoices",
  });
  return fileDownload(new Uint8Array(pdf), {
    contentType: "application/pdf",
    fileName,
    // ?inline=1: shown in the Preview & Send dialog; otherwise a download.
    inline: Boolean(new URL(request.url).searchParams.get("inline")),
  });
}
