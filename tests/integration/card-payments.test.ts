import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dashboardFigures } from "~/admin/dashboard.server";
import { listAuditEntries } from "~/audit/audit-log.server";
import { systemActor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { listEmailMessages } from "~/email/email-log.server";
import { EMAIL_LOG_VIEW } from "~/email/email-log-view";
import { emailOutbox } from "~/email/schema";
import { securityHeaders } from "~/http/security-headers.server";
import { readListView } from "~/lists/list-view";
import { CARD_SERVICE_UNAVAILABLE } from "~/invoices/card-payment-texts";
import { cardPaymentsStatus } from "~/invoices/card-payments-status.server";
import { NOTHING_TO_PAY } from "~/invoices/create-checkout-session.server";
import { cardCheckoutSessions } from "~/invoices/schema";
import * as webhookRoute from "~/invoices/stripe-webhook-route";
import * as adminInvoicePage from "~/admin/invoice-detail-page";
import { recordPayment } from "~/invoices/record-payment.server";
import { previewInvoiceEmail } from "~/invoices/invoice-email.server";
import { createInvoice } from "~/invoices/create-invoice.server";
import * as publicInvoicePage from "~/invoices/public-invoice-page";
import * as portalInvoicePage from "~/portal/portal-invoice-page";
import * as portalHome from "~/portal/portal-home-page";
import { ledgerOf, openCheckout, sentInvoice } from "../support/card-payment-scene";
import { portalCookie } from "../support/portal-scene";
import { callRoute, type RouteHandler } from "../support/route-calls";
import { signedInCookie } from "../support/sessions";
import type { ApiRequest } from "../support/stripe-stand-in";
import { withStripeStandIn } from "../support/stripe-test-file";

// Issue 43, as a client and the agency meet it: 'Pay now' opens a Checkout Session at the Stripe
// stand-in through the official package; the stand-in's "Pay" delivers the signed event; the
// invoice, the success page, the agency's pages, the mail and the refund follow.

const standIn = await withStripeStandIn();
beforeEach(() => {
  standIn.deliveryDelayMs = 0;
  standIn.failApi = null;
  standIn.requests.length = 0;
});

const handler = (fn: unknown) => fn as RouteHandler;
const creates = () => standIn.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");

describe("Pay now", () => {
  it("opens a Checkout Session for the balance, naming the invoice, for the client's e-mail, coming back to the invoice", async () => {
    const invoice = await sentInvoice({ cents: 49_900 });
    const answer = await callRoute(handler(publicInvoicePage.action), `/invoice/${invoice.viewToken}`, { params: { token: invoice.viewToken }, form: { intent: "pay-by-card" } });
    expect(answer.status).toBe(302);
    const session = [...standIn.sessions.values()].find((candidate) => candidate.url === answer.location);
    expect(session).toBeDefined();
    const [create] = creates() as [ApiRequest];
    const page = `http://localhost:3000/invoice/${invoice.viewToken}`;
    expect(create.params).toEqual({
      mode: "payment",
      line_items: { "0": { quantity: "1", price_data: { currency: "usd", unit_amount: "49900", product_data: { name: `Invoice ${invoice.invoiceNumber}` } } } },
      client_reference_id: invoice.invoiceId,
      metadata: { invoice_id: invoice.invoiceId, invoice_number: invoice.invoiceNumber },
      payment_intent_data: { metadata: { invoice_id: invoice.invoiceId, invoice_number: invoice.invoiceNumber }, description: `Invoice ${invoice.invoiceNumber}` },
      customer_email: invoice.email,
      success_url: `${page}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${page}?checkout=cancelled`,
    });
    expect(create.idempotencyKey).toBe(`invoice-${invoice.invoiceId}-49900-usd-link-1`);
    // Nothing is paid by opening a session.
    expect(await ledgerOf(invoice.invoiceId)).toMatchObject({ status: "sent", balanceCents: 49_900, payments: [] });
  });

  it("offers the session still open again, opens one for two clicks at once, and a new one once it expired or the balance changed", async () => {
    const invoice = await sentInvoice({ cents: 49_900 });
    const [first, second] = await Promise.all([openCheckout(standIn, invoice.invoiceId), openCheckout(standIn, invoice.invoiceId)]);
    expect(second.id).toBe(first.id);
    // Whether the second click found the first's session kept or asked too, it asked with the same key.
    expect(new Set(creates().map((request) => request.idempotencyKey)).size).toBe(1);
    const asked = creates().length;
    expect((await openCheckout(standIn, invoice.invoiceId)).id).toBe(first.id);
    expect(creates()).toHaveLength(asked);

    standIn.expire(first.id);
    const renewed = await openCheckout(standIn, invoice.invoiceId);
    expect(renewed.id).not.toBe(first.id);
    expect(creates().at(-1)?.idempotencyKey).toBe(`invoice-${invoice.invoiceId}-49900-usd-link-2`);

    await recordPayment({ actor: systemActor("console"), invoiceId: invoice.invoiceId, input: { amount: 9_900, paidOn: "2026-11-20", method: "zelle", note: null } });
    const smaller = await openCheckout(standIn, invoice.invoiceId);
    expect(smaller.amount_total).toBe(40_000);
    expect(creates().at(-1)?.idempotencyKey).toBe(`invoice-${invoice.invoiceId}-40000-usd-link-1`);
    // The portal's session comes back to the portal.
    const fromPortal = await openCheckout(standIn, invoice.invoiceId, "portal");
    expect(fromPortal.success_url).toBe(`http://localhost:3000/portal/invoices/${invoice.invoiceId}?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
  });

  it("is refused, in the page, for an invoice that owes nothing, a draft, or while Stripe is unreachable", async () => {
    const invoice = await sentInvoice({ cents: 49_900 });
    standIn.failApi = 500;
    const down = await callRoute(handler(publicInvoicePage.action), `/invoice/${invoice.viewToken}`, { params: { token: invoice.viewToken }, form: { intent: "pay-by-card" } });
    expect(down.status).toBe(500);
    expect(down.body).toMatchObject({ ok: false, formError: CARD_SERVICE_UNAVAILABLE });
    standIn.failApi = null;

    await recordPayment({ actor: systemActor("console"), invoiceId: invoice.invoiceId, input: { amount: 49_900, paidOn: "2026-11-20", method: "zelle", note: null } });
    const paid = await callRoute(handler(publicInvoicePage.action), `/invoice/${invoice.viewToken}`, { params: { token: invoice.viewToken }, form: { intent: "pay-by-card" } });
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ ok: false, formError: NOTHING_TO_PAY });
    const page = await callRoute(handler(publicInvoicePage.loader), `/invoice/${invoice.viewToken}`, { params: { token: invoice.viewToken } });
    expect(page.body).toMatchObject({ card: { payable: false } });

    const { clientId } = invoice;
    const draft = await createInvoice({ actor: systemActor("console"), input: { clientId, projectId: null, tier: null, dueDate: null } });
    await expect(openCheckout(standIn, draft.id)).rejects.toThrow(NOTHING_TO_PAY);
    expect(await db().select().from(cardCheckoutSessions).where(eq(cardCheckoutSessions.invoiceId, draft.id))).toEqual([]);
  });
});

describe("paying on Stripe's page", () => {
  it("comes back to 'Processing…' until the webhook has recorded it, then 'Payment received'; the page itself marks nothing paid", async () => {
    const invoice = await sentInvoice({ cents: 49_900 });
    const session = await openCheckout(standIn, invoice.invoiceId);
    const { delivery } = await standIn.pay(session.id, { deliver: false });
    await delivery;
    const back = `/invoice/${invoice.viewToken}?checkout=success&session_id=${session.id}`;
    const load = () => callRoute(handler(publicInvoicePage.loader), back, { params: { token: invoice.viewToken } });
    for (let visit = 0; visit < 3; visit += 1) expect((await load()).body).toMatchObject({ card: { returned: "processing", payable: true }, invoice: { balanceCents: 49_900 } });
    expect(publicInvoicePage.meta({ data: (await load()).body } as Parameters<typeof publicInvoicePage.meta>[0])).toContainEqual({ httpEquiv: "refresh", content: "3" });
    expect(await ledgerOf(invoice.invoiceId)).toMatchObject({ status: "sent", payments: [], events: [] });

    const paid = standIn.newEvent("checkout.session.completed", { ...standIn.sessions.get(session.id) });
    expect((await standIn.deliver(paid)).status).toBe(200);
    const after = (await load()).body;
    expect(after).toMatchObject({ card: { returned: "received", payable: false, payments: [{ amountCents: 49_900 }] }, invoice: { status: "paid", balanceCents: 0, paidCents: 49_900 } });
    expect(publicInvoicePage.meta({ data: after } as Parameters<typeof publicInvoicePage.meta>[0])).not.toContainEqual(expect.objectContaining({ httpEquiv: "refresh" }));
    // Another invoice's session, or none, shows nothing of it; a cancelled checkout says so.
    expect((await callRoute(handler(publicInvoicePage.loader), `/invoice/${invoice.viewToken}?checkout=success&session_id=cs_test_other`, { params: { token: invoice.viewToken } })).body).toMatchObject({ card: { returned: null } });
    expect((await callRoute(handler(publicInvoicePage.loader), `/invoice/${invoice.viewToken}?checkout=cancelled`, { params: { token: invoice.viewToken } })).body).toMatchObject({ card: { returned: "cancelled" } });
  });

  it("records the card payment everywhere the agency and the client look, and a refund brings the balance back", async () => {
    const invoice = await sentInvoice({ name: "Rosa Delgado", email: "rosa@mesaverde.test", cents: 49_900 });
    const revenueBefore = (await dashboardFigures()).revenue.monthToDateCents;
    const session = await openCheckout(standIn, invoice.invoiceId);
    const { delivery } = await standIn.pay(session.id);
    expect(await delivery).toMatchObject({ status: 200 });
    const paymentIntent = standIn.sessions.get(session.id)?.payment_intent ?? "";

    // The invoice: paid, by card, on the day Stripe took it, its balance zero.
    const ledger = await ledgerOf(invoice.invoiceId);
    expect(ledger).toMatchObject({ status: "paid", balanceCents: 0, paidCheckouts: 1 });
    expect(ledger.payments).toMatchObject([{ amountCents: 49_900, method: "stripe", providerPaymentId: paymentIntent, recordedBy: null }]);

    // The agency's invoice page lists it with Stripe's id; the dashboard's revenue counts it.
    const { cookie } = await signedInCookie({ admin: true });
    const adminPage = await callRoute(handler(adminInvoicePage.loader), `/admin/invoices/${invoice.invoiceId}`, { cookie, params: { invoiceId: invoice.invoiceId } });
    expect(adminPage.body).toMatchObject({ invoice: { status: "paid", paymentMethod: "stripe" }, payments: [{ providerPaymentId: paymentIntent, amountCents: 49_900 }], money: { balanceCents: 0 } });
    expect((await dashboardFigures()).revenue.monthToDateCents).toBe(revenueBefore + 49_900);

    // The audit log names it and who told: Stripe.
    const [entry] = await listAuditEntries({ action: "invoice.card-payment" });
    expect(entry).toMatchObject({ actorEmail: "Stripe", entityId: invoice.invoiceId, summary: `Recorded a card payment of $499.00 through Stripe, paying the invoice (${invoice.invoiceNumber})` });
    expect(entry?.details).toMatchObject({ providerPaymentId: paymentIntent, checkoutSessionId: session.id });

    // The receipt to the client (in the e-mail log) and the agency's notification.
    const receipts = await listEmailMessages({ view: readListView(new URLSearchParams("type=payment_receipt"), EMAIL_LOG_VIEW) });
    expect(receipts.messages.map((message) => message.toEmail)).toEqual(["rosa@mesaverde.test"]);
    const [receipt] = ledger.receipts;
    expect(receipt?.subject).toBe(`Receipt: $499.00 paid on invoice ${invoice.invoiceNumber}`);
    expect(receipt?.text).toContain(`Thank you! We received your card payment of $499.00 for invoice ${invoice.invoiceNumber}`);
    expect(receipt?.text).toContain("Balance due now: $0.00");
    expect(receipt?.text).toContain(`Payment reference: ${paymentIntent}`);
    expect(receipt?.text).toContain(`http://localhost:3000/invoice/${invoice.viewToken}`);
    const [notification] = ledger.notifications;
    expect(notification).toMatchObject({ toEmail: "hello@sistersite.studio", subject: `Card payment received: $499.00 for ${invoice.invoiceNumber}` });
    expect(notification?.text).toContain(`http://localhost:3000/admin/invoices/${invoice.invoiceId}`);

    // The client's portal shows the payment.
    const portal = await portalCookie("rosa@mesaverde.test");
    const home = await callRoute(handler(portalHome.loader), "/portal", { cookie: portal });
    expect(home.body).toMatchObject({ home: { invoices: [{ id: invoice.invoiceId, status: "paid", paidCents: 49_900, balanceCents: 0 }] } });
    const portalPage = await callRoute(handler(portalInvoicePage.loader), `/portal/invoices/${invoice.invoiceId}`, { cookie: portal, params: { invoiceId: invoice.invoiceId } });
    expect(portalPage.body).toMatchObject({ invoice: { status: "paid", balanceCents: 0 }, card: { payable: false, payments: [{ amountCents: 49_900 }] } });

    // Settings › Payments: on, the webhook's address, the last event.
    const status = await cardPaymentsStatus();
    expect(status).toMatchObject({ enabled: true, testMode: true, apiUrl: standIn.url, webhookUrl: "http://localhost:3000/webhooks/stripe", webhookLocal: true, lastEvent: { type: "checkout.session.completed", outcome: "payment_recorded" }, refused: [] });

    // A refund in Stripe: the balance comes back, the invoice is open again, revenue no longer counts it.
    const { delivery: refunded } = await standIn.refund(paymentIntent);
    expect(refunded.status).toBe(200);
    expect(await ledgerOf(invoice.invoiceId)).toMatchObject({ status: "sent", paidDate: null, balanceCents: 49_900 });
    expect((await dashboardFigures()).revenue.monthToDateCents).toBe(revenueBefore);
    const [refundEntry] = await listAuditEntries({ action: "invoice.card-refund" });
    expect(refundEntry).toMatchObject({ actorEmail: "Stripe", summary: `Recorded a card refund of $499.00 through Stripe (${invoice.invoiceNumber})` });
    const reopened = await callRoute(handler(portalInvoicePage.loader), `/portal/invoices/${invoice.invoiceId}`, { cookie: portal, params: { invoiceId: invoice.invoiceId } });
    expect(reopened.body).toMatchObject({ card: { payable: true, payments: [{ amountCents: 49_900 }, { amountCents: -49_900 }] } });
  });

  it("from the portal, pays one of the client's own invoices only", async () => {
    const mine = await sentInvoice({ name: "Rosa Delgado", email: "rosa@mesaverde.test" });
    const theirs = await sentInvoice({ name: "Bo Brandt", email: "bo@brandt.test" });
    const portal = await portalCookie("rosa@mesaverde.test");
    const pay = (invoiceId: string) => callRoute(handler(portalInvoicePage.action), `/portal/invoices/${invoiceId}`, { cookie: portal, params: { invoiceId }, form: { intent: "pay-by-card" } });
    const answer = await pay(mine.invoiceId);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_`));
    expect((await pay(theirs.invoiceId)).status).toBe(404);
    expect(await db().select().from(cardCheckoutSessions).where(eq(cardCheckoutSessions.invoiceId, theirs.invoiceId))).toEqual([]);
  });
});

describe("the invoice e-mail", () => {
  it("carries 'Pay now' to the invoice's page while something is owed", async () => {
    const invoice = await sentInvoice({ cents: 49_900 });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "invoice"));
    const link = `http://localhost:3000/invoice/${invoice.viewToken}`;
    expect(mail?.text).toContain(`Pay now by card: ${link}`);
    expect(mail?.html).toContain(`<a href="${link}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Pay now</a>`);
    await recordPayment({ actor: systemActor("console"), invoiceId: invoice.invoiceId, input: { amount: 49_900, paidOn: "2026-11-20", method: "zelle", note: null } });
    expect((await previewInvoiceEmail(invoice.invoiceId)).text).not.toContain("Pay now");
  });
});

describe("the client's invoice pages while card payments are on", () => {
  it("let their Pay now form be answered with Stripe's hosted page, and post it with their Origin", () => {
    const formAction = (path: string) => /form-action [^;]*/.exec(new Map(securityHeaders({ nonce: "n" }, "http://localhost:3000", path)).get("Content-Security-Policy") ?? "")?.[0];
    // The proposal's link offers its deposit invoice's 'Pay now' once signed (issue 44).
    for (const path of ["/invoice/AbC_-1", `/portal/invoices/${"0".repeat(8)}-0000-0000-0000-000000000000`, "/proposal/AbC_-1"]) expect(formAction(path), path).toBe(`form-action 'self' ${standIn.url}`);
    for (const path of ["/", "/contact", "/invoice/AbC/pdf", "/portal", "/admin/invoices/x", "/proposal/AbC/x"]) expect(formAction(path), path).toBe("form-action 'self'");
    // Under no-referrer a browser posts a page's own form with `Origin: null`, which the origin check refuses.
    expect(publicInvoicePage.headers()).toEqual({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });
  });
});

describe("the webhook's address", () => {
  it("answers a GET with what it is for", async () => {
    const answer = webhookRoute.loader();
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });
});
