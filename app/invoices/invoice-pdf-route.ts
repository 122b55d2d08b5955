import { requireAdmin } from "~/auth/guard.server";
import { Refusal } from "~/forms/refusal";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/invoice-pdf-route";
import { invoiceIdSchema } from "./invoice-forms";
import { invoicePdf } from "./invoice-sending.server";

/** Download: the invoice's PDF, made on request from what the invoice says now. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = invoiceIdSchema.safeParse({ invoiceId: params.invoiceId });
  if (!parsed.success) return redirectWithToast("/admin/invoices", { type: "error", title: "Invoice not found" });
  try {
    const { fileName, pdf } = await invoicePdf(parsed.data.invoiceId);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        // ?inline=1: shown in the Preview & Send dialog; otherwise a download.
        "Content-Disposition": `${new URL(request.url).searchParams.get("inline") ? "inline" : "attachment"}; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof Refusal) return redirectWithToast("/admin/invoices", { type: "error", title: "Invoice not found" });
    throw error;
  }
}
