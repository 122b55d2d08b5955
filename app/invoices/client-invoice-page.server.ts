import { redirect } from "react-router";
import { answerForm } from "~/forms/form-action.server";
import { notFound } from "~/refusal/refusal";
import { CARD_SERVICE_UNAVAILABLE } from "./card-payment-texts";
import type { CheckoutReturnPage } from "./card-payment-options";
import { clientCardPayments } from "./client-card-payments.server";
import { createCheckoutSession } from "./create-checkout-session.server";
import type { InvoiceDetail } from "./invoice-detail.server";
import { agencyForInvoices } from "./invoice-pdf.server";
import { invoiceForClient } from "./invoices-for-client.server";

// The client's invoice page, reached by its capability link or in the portal: the same page, read
// and paid the same way; the two differ only in how the invoice is found and where Stripe returns.

/** The invoice as the client sees it, and its card payment after a return from Stripe's page. */
export async function clientInvoicePage({ request, detail, pdfHref }: { request: Request; detail: InvoiceDetail; pdfHref: string }) {
  const url = new URL(request.url);
  const card = await clientCardPayments(detail, { checkout: url.searchParams.get("checkout"), sessionId: url.searchParams.get("session_id") });
  return { invoice: invoiceForClient(detail, await agencyForInvoices(), pdfHref), card };
}

/** 'Pay now': to Stripe's hosted page for the balance; refused in the page when nothing is owed. */
export function answerPayNow({
  request,
  findInvoice,
  notFoundMessage,
  returnsTo,
}: {
  request: Request;
  findInvoice: () => Promise<InvoiceDetail | undefined>;
  notFoundMessage: string;
  returnsTo: CheckoutReturnPage;
}) {
  return answerForm(
    request,
    {
      "pay-by-card": async () => {
        const detail = await findInvoice();
        if (!detail) throw notFound(notFoundMessage);
        const { url } = await createCheckoutSession({ invoiceId: detail.invoice.id, returnsTo });
        return redirect(url);
      },
    },
    { faultMessages: { "pay-by-card": CARD_SERVICE_UNAVAILABLE } },
  );
}
