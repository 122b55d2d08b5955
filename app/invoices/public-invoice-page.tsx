import { data, useLoaderData } from "react-router";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/public-invoice-page";
import { PROCESSING_REFRESH_SECONDS } from "./client-card-payments";
import { cardPayments } from "./stripe-client.server";
import { findInvoiceByViewToken } from "./invoice-detail.server";
import { answerPayNow, clientInvoicePage } from "./client-invoice-page.server";
import { PublicInvoiceView } from "./public-invoice-view";

// The client's invoice page: public, reached only through the capability link of the e-mail.
// A wrong token (guessed, altered, unknown) gets the site's ordinary 404 page (the root's boundary): nothing leaks.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Invoice ${loaded.invoice.invoiceNumber}` : "Page not found" },
  { name: "robots", content: "noindex" },
  // Back from Stripe's page before its webhook told of the payment: ask again until it has.
  ...(loaded?.card?.returned === "processing" ? [{ httpEquiv: "refresh", content: String(PROCESSING_REFRESH_SECONDS) }] : []),
];

export function headers() {
  // The token is in the URL: no referrer leaves it, no shared cache keeps the page. While card
  // payments are on, the page posts its Pay now form, which a browser sends with `Origin: null`
  // under no-referrer (refused by the origin check): same-origin then, which tells no other site.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": cardPayments() ? "same-origin" : "no-referrer" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const detail = requireRecord(await findInvoiceByViewToken(token, { recordView: true }), "Invoice not found");
  return data(await clientInvoicePage({ request, detail, pdfHref: `/invoice/${token}/pdf` }), { headers: headers() });
}

export function action({ request, params }: Route.ActionArgs) {
  return answerPayNow({
    request,
    findInvoice: () => findInvoiceByViewToken(params.token ?? "", { recordView: false }),
    notFoundMessage: "Invoice not found",
    returnsTo: "link",
  });
}

export default function PublicInvoicePage() {
  const { invoice, card } = useLoaderData<typeof loader>();
  return (
    <main className="px-4 py-10">
      <PublicInvoiceView invoice={invoice} card={card} />
    </main>
  );
}
