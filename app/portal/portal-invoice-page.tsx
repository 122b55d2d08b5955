import { useLoaderData } from "react-router";
import { PROCESSING_REFRESH_SECONDS } from "~/invoices/client-card-payments";
import { answerPayNow, clientInvoicePage } from "~/invoices/client-invoice-page.server";
import { findSentInvoiceOfClient } from "~/invoices/invoices-for-client.server";
import { PublicInvoiceView } from "~/invoices/public-invoice-view";
import { recordIdParam } from "~/forms/record-id";
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
  return clientInvoicePage({ request, detail, pdfHref: `/portal/invoices/${detail.invoice.id}/pdf` });
}

/** 'Pay now': to Stripe's hosted page for the balance of one of the client's own invoices. */
export async function action({ request, params }: Route.ActionArgs) {
  const client = await requirePortalClient(request);
  const invoiceId = recordIdParam(params.invoiceId);
  return answerPayNow({
    request,
    findInvoice: async () => (invoiceId ? await findSentInvoiceOfClient(client.id, invoiceId) : undefined),
    notFoundMessage: INVOICE_NOT_FOUND,
    returnsTo: "portal",
  });
}

export default function PortalInvoicePage() {
  const { invoice, card } = useLoaderData<typeof loader>();
  return (
    <PortalPage back="/portal#invoices">
      <PublicInvoiceView invoice={invoice} card={card} />
    </PortalPage>
  );
}
