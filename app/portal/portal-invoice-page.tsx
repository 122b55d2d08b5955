import { redirect, useActionData, useLoaderData } from "react-router";
import { CARD_SERVICE_UNAVAILABLE } from "~/invoices/card-payment-texts";
import { PROCESSING_REFRESH_SECONDS } from "~/invoices/client-card-payments";
import { clientCardPayments } from "~/invoices/client-card-payments.server";
import { createCheckoutSession } from "~/invoices/create-checkout-session.server";
import { findSentInvoiceOfClient, invoiceForClient } from "~/invoices/invoices-for-client.server";
import { agencyForInvoices } from "~/invoices/invoice-pdf.server";
import { PublicInvoiceView } from "~/invoices/public-invoice-view";
import { answerForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { recordIdParam } from "~/forms/record-id";
import { notFound } from "~/refusal/refusal";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/portal-invoice-page";
import { recordPortalEvent } from "./portal-activity.server";
import { PortalPage } from "./portal-page";
import { requirePortalClient } from "./portal-session.server";

// One of the client's invoices in the portal: the same page (and words) as its capability link.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Invoice ${loaded.invoice.invoiceNumber} | Client portal` : "Client portal" },
  // Back from Stripe's page before its webhook told of the payment: ask again until it has.
  ...(loaded?.card?.returned === "processing" ? [{ httpEquiv: "refresh", content: String(PROCESSING_REFRESH_SECONDS) }] : []),
];

export const INVOICE_NOT_FOUND = "This invoice is not in your portal.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const invoiceId = recordIdParam(params.invoiceId);
  const detail = requireRecord(invoiceId ? await findSentInvoiceOfClient(client.id, invoiceId) : undefined, INVOICE_NOT_FOUND);
  await recordPortalEvent(client.id, { kind: "opened_invoice", subjectId: detail.invoice.id, label: detail.invoice.invoiceNumber });
  const url = new URL(request.url);
  const card = await clientCardPayments(detail, { checkout: url.searchParams.get("checkout"), sessionId: url.searchParams.get("session_id") });
  return { invoice: invoiceForClient(detail, await agencyForInvoices(), `/portal/invoices/${detail.invoice.id}/pdf`), card };
}

/** 'Pay now': to Stripe's hosted page for the balance of one of the client's own invoices. */
export async function action({ request, params }: Route.ActionArgs) {
  const client = await requirePortalClient(request);
  return answerForm(
    request,
    {
      "pay-by-card": async () => {
        const invoiceId = recordIdParam(params.invoiceId);
        const detail = invoiceId ? await findSentInvoiceOfClient(client.id, invoiceId) : undefined;
        if (!detail) throw notFound(INVOICE_NOT_FOUND);
        const { url } = await createCheckoutSession({ invoiceId: detail.invoice.id, returnsTo: "portal" });
        return redirect(url);
      },
    },
    { faultMessages: { "pay-by-card": CARD_SERVICE_UNAVAILABLE } },
  );
}

export default function PortalInvoicePage() {
  const { invoice, card } = useLoaderData<typeof loader>();
  const refused = useActionData<FormResult>();
  return (
    <PortalPage back="/portal#invoices">
      <PublicInvoiceView invoice={invoice} card={card} payError={refused && !refused.ok ? refused.formError : undefined} />
    </PortalPage>
  );
}
