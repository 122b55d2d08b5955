import { data, redirect, useActionData, useLoaderData } from "react-router";
import { answerForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { notFound } from "~/refusal/refusal";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/public-invoice-page";
import { CARD_SERVICE_UNAVAILABLE } from "./card-payment-texts";
import { PROCESSING_REFRESH_SECONDS } from "./client-card-payments";
import { clientCardPayments } from "./client-card-payments.server";
import { createCheckoutSession } from "./create-checkout-session.server";
import { cardPayments } from "./stripe-client.server";
import { invoiceForClient } from "./invoices-for-client.server";
import { agencyForInvoices } from "./invoice-pdf.server";
import { findInvoiceByViewToken } from "./invoice-detail.server";
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
  const agency = await agencyForInvoices();
  const view = invoiceForClient(detail, agency, `/invoice/${token}/pdf`);
  const url = new URL(request.url);
  const card = await clientCardPayments(detail, { checkout: url.searchParams.get("checkout"), sessionId: url.searchParams.get("session_id") });
  return data({ invoice: view, card }, { headers: headers() });
}

/** 'Pay now': to Stripe's hosted page for the balance; refused in the page when nothing is owed. */
export async function action({ request, params }: Route.ActionArgs) {
  return answerForm(
    request,
    {
      "pay-by-card": async () => {
        const detail = await findInvoiceByViewToken(params.token ?? "", { recordView: false });
        if (!detail) throw notFound("Invoice not found");
        const { url } = await createCheckoutSession({ invoiceId: detail.invoice.id, returnsTo: "link" });
        return redirect(url);
      },
    },
    { faultMessages: { "pay-by-card": CARD_SERVICE_UNAVAILABLE } },
  );
}

export default function PublicInvoicePage() {
  const { invoice, card } = useLoaderData<typeof loader>();
  const refused = useActionData<FormResult>();
  return (
    <main className="px-4 py-10">
      <PublicInvoiceView invoice={invoice} card={card} payError={refused && !refused.ok ? refused.formError : undefined} />
    </main>
  );
}
