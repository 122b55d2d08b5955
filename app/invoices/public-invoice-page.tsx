import { data, useLoaderData } from "react-router";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/public-invoice-page";
import { invoiceForClient } from "./invoices-for-client.server";
import { agencyForInvoices } from "./invoice-pdf.server";
import { findInvoiceByViewToken } from "./invoices.server";
import { PublicInvoiceView } from "./public-invoice-view";

// The client's invoice page: public, reached only through the capability link of the e-mail.
// A wrong token (guessed, altered, unknown) gets the site's ordinary 404 page (the root's boundary): nothing leaks.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Invoice ${loaded.invoice.invoiceNumber}` : "Page not found" },
  { name: "robots", content: "noindex" },
];

export function headers() {
  // The token is in the URL: no referrer leaves it, no shared cache keeps the page.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const detail = requireRecord(await findInvoiceByViewToken(token, { recordView: true }), "Invoice not found");
  const agency = await agencyForInvoices();
  const view = invoiceForClient(detail, agency, `/invoice/${token}/pdf`);
  return data({ invoice: view }, { headers: headers() });
}

export default function PublicInvoicePage() {
  const { invoice } = useLoaderData<typeof loader>();
  return (
    <main className="px-4 py-10">
      <PublicInvoiceView invoice={invoice} />
    </main>
  );
}
