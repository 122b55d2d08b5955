import { useLoaderData } from "react-router";
import { findSentInvoiceOfClient, invoiceForClient } from "~/invoices/invoices-for-client.server";
import { agencyForInvoices } from "~/invoices/invoice-pdf.server";
import { PublicInvoiceView } from "~/invoices/public-invoice-view";
import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/portal-invoice-page";
import { recordPortalEvent } from "./portal-activity.server";
import { PortalPage } from "./portal-page";
import { requirePortalClient } from "./portal-session.server";

// One of the client's invoices in the portal: the same page (and words) as its capability link.

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded ? `Invoice ${loaded.invoice.invoiceNumber} | Client portal` : "Client portal" }];

export const INVOICE_NOT_FOUND = "This invoice is not in your portal.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const invoiceId = recordIdParam(params.invoiceId);
  const detail = requireRecord(invoiceId ? await findSentInvoiceOfClient(client.id, invoiceId) : undefined, INVOICE_NOT_FOUND);
  await recordPortalEvent(client.id, { kind: "opened_invoice", subjectId: detail.invoice.id, label: detail.invoice.invoiceNumber });
  return { invoice: invoiceForClient(detail, await agencyForInvoices(), `/portal/invoices/${detail.invoice.id}/pdf`) };
}

export default function PortalInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  return (
    <PortalPage back="/portal#invoices">
      <PublicInvoiceView invoice={invoice} />
    </PortalPage>
  );
}
