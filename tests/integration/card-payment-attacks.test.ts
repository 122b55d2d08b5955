import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit-log.server";
import { systemActor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { emailTemplates } from "~/email/schema";
import { seedDefaultTemplates } from "~/email/templates.server";
import { Refusal } from "~/refusal/refusal";
import { NOT_AN_EVENT, NOT_SIGNED_BY_STRIPE } from "~/invoices/card-payment-texts";
import { cardPaymentsStatus } from "~/invoices/card-payments-status.server";
import { paymentProviderEvents } from "~/invoices/schema";
import { CARD_PAYMENT_KEPT, deletePayment } from "~/invoices/delete-payment.server";
import { WEBHOOK_BODY_LIMIT } from "~/http/request-body-limit";
import { ledgerOf, openCheckout, sentInvoice } from "../support/card-payment-scene";
import type { StandInEvent, StandInSession } from "../support/stripe-stand-in";
import { withStripeStandIn } from "../support/stripe-test-file";

// Issue 43's attacks on the card-payment webhook, sent over real HTTP through the one request
// stack, with the official `stripe` package on both sides: the app's client pointed at the
// stand-in (STRIPE_API_URL), the events signed with `generateTestHeaderString`. Each refusal is
// proven by what it did not write. On PostgreSQL too: "twice at once" is a race there.

const standIn = await withStripeStandIn();
beforeEach(() => {
  standIn.deliveryDelayMs = 0;
  standIn.failApi = null;
});

/** Posts a body to the webhook with the headers given, as anyone on the internet may. */
function post(payload: string | Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(standIn.webhookUrl ?? "", { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(payload)), ...headers } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    // A refused large body is answered before it is read; the socket may close under the rest.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    request.end(payload);
  });
}

/** An invoice with its Checkout Session paid at the stand-in, and the event Stripe would deliver (not delivered yet). */
async function paidButNotDelivered(cents = 49_900) {
  const invoice = await sentInvoice({ cents, email: `client-${randomUUID()}@example.test` });
  const session = await openCheckout(standIn, invoice.invoiceId);
  const { event } = await standIn.pay(session.id, { deliver: false });
  return { ...invoice, session, event };
}

/** The event of a session whose object says something else than what Stripe told (signed with the real secret: another app on the account, or a leaked key). */
function completedWith(session: StandInSession, change: Partial<StandInSession>): StandInEvent {
  return standIn.newEvent("checkout.session.completed", { ...session, ...change });
}

const UNTOUCHED = { status: "sent", paidDate: null, balanceCents: 49_900, payments: [], paidCheckouts: 0, receipts: [], notifications: [] };

describe("a webhook post that Stripe did not sign", () => {
  it("is refused with 400 and writes nothing: forged, signed with another secret, 301 s old, unsigned, or altered after signing", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const attempts = {
      forged: `t=${now},v1=${randomBytes(32).toString("hex")}`,
      "another secret": standIn.sign(body, { secret: `whsec_${randomBytes(16).toString("hex")}` }),
      "301 s old": standIn.sign(body, { timestamp: now - 301 }),
      unsigned: "",
      "no v1 signature": `t=${now},v0=${randomBytes(32).toString("hex")}`,
    };
    for (const [attempt, signature] of Object.entries(attempts)) {
      const answer = await post(body, signature ? { "Stripe-Signature": signature } : {});
      expect(answer.status, attempt).toBe(400);
      expect(answer.text, attempt).toBe(NOT_SIGNED_BY_STRIPE);
    }
    // Signed by Stripe, then changed on the way: the amount raised, the invoice swapped.
    const signature = standIn.sign(body);
    const altered = body.replace(/"amount_total":\d+/, '"amount_total":1');
    expect((await post(altered, { "Stripe-Signature": signature })).status).toBe(400);
    expect(await ledgerOf(invoiceId)).toMatchObject({ ...UNTOUCHED, events: [] });

    // Within the window, the very same event is taken: the refusals above were the signature's.
    const fresh = await standIn.deliver(event);
    expect(fresh.status).toBe(200);
    expect((await ledgerOf(invoiceId)).status).toBe("paid");
  });

  it("is refused with 400 when the signed body is not an event, writing nothing", async () => {
    const { invoiceId } = await paidButNotDelivered();
    for (const body of ["not json at all", JSON.stringify({ hello: "world" }), JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed" })]) {
      const answer = await post(body, { "Stripe-Signature": standIn.sign(body) });
      expect(answer.status, body).toBe(400);
      expect(answer.text).toBe(NOT_AN_EVENT);
    }
    expect(await ledgerOf(invoiceId)).toMatchObject({ ...UNTOUCHED, events: [] });
  });

  it("from another site's page (an Origin, or cookies without one) is refused by the origin check before the body is read", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    const body = JSON.stringify(event);
    const signature = standIn.sign(body);
    const foreign = await post(body, { "Stripe-Signature": signature, Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const withCookie = await post(body, { "Stripe-Signature": signature, Cookie: "better-auth.session_token=stolen" });
    expect(withCookie.status).toBe(403);
    const crossSite = await post(body, { "Stripe-Signature": signature, "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await ledgerOf(invoiceId)).toMatchObject({ ...UNTOUCHED, events: [] });
  });

  it("larger than a webhook's limit is refused with 413 before it is read", async () => {
    const answer = await post(Buffer.alloc(WEBHOOK_BODY_LIMIT + 1, 0x20), { "Stripe-Signature": "t=1,v1=00" });
    expect(answer.status).toBe(413);
  });
});

describe("the same event", () => {
  it("delivered twice records one payment, one receipt and one audit entry", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    const first = await standIn.deliver(event);
    expect(first).toMatchObject({ status: 200, text: `Event ${event.id}: recorded a payment.` });
    const again = await standIn.deliver(event);
    expect(again).toMatchObject({ status: 200, text: `Event ${event.id} was handled before; nothing changed.` });
    const ledger = await ledgerOf(invoiceId);
    expect(ledger).toMatchObject({ status: "paid", balanceCents: 0, paidCheckouts: 1 });
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.receipts).toHaveLength(1);
    expect(ledger.notifications).toHaveLength(1);
    expect((await listAuditEntries({ action: "invoice.card-payment" })).length).toBe(1);
  });

  it("delivered five times at once records one payment", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    const answers = await Promise.all(Array.from({ length: 5 }, () => standIn.deliver(event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.text.endsWith("recorded a payment."))).toHaveLength(1);
    const ledger = await ledgerOf(invoiceId);
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.events).toHaveLength(1);
    expect(ledger.receipts).toHaveLength(1);
    expect(ledger.balanceCents).toBe(0);
  });

  it("told by two events at once (completed, then the asynchronous success) is one payment", async () => {
    const { invoiceId, session, event } = await paidButNotDelivered();
    const succeeded = standIn.newEvent("checkout.session.async_payment_succeeded", event.data.object);
    const answers = await Promise.all([standIn.deliver(event), standIn.deliver(succeeded), standIn.deliver(event), standIn.deliver(succeeded)]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const ledger = await ledgerOf(invoiceId);
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.payments[0]).toMatchObject({ amountCents: 49_900, method: "stripe", providerPaymentId: standIn.sessions.get(session.id)?.payment_intent });
    expect(ledger.events.map((row) => row.outcome).sort()).toEqual(["already_recorded", "payment_recorded"]);
    expect(ledger.receipts).toHaveLength(1);
  });
});

describe("a signed event that does not match what the site opened", () => {
  it("for another invoice's session is refused (kept, answered 200, nothing recorded on either invoice)", async () => {
    const first = await paidButNotDelivered();
    const second = await sentInvoice({ name: "Bo Brandt", email: "bo@brandt.test", cents: 49_900 });
    await openCheckout(standIn, second.invoiceId);
    // The first invoice's paid session, made to name the second invoice.
    const event = completedWith(first.session, {
      ...(standIn.sessions.get(first.session.id) as StandInSession),
      client_reference_id: second.invoiceId,
      metadata: { invoice_id: second.invoiceId, invoice_number: second.invoiceNumber },
    });
    const answer = await standIn.deliver(event);
    expect(answer).toMatchObject({ status: 200, text: `Event ${event.id}: refused.` });
    expect(await ledgerOf(first.invoiceId)).toMatchObject({ status: "sent", balanceCents: 49_900, payments: [] });
    expect(await ledgerOf(second.invoiceId)).toMatchObject({ status: "sent", balanceCents: 49_900, payments: [], receipts: [] });
    const [kept] = await db().select().from(paymentProviderEvents).where(eq(paymentProviderEvents.eventId, event.id));
    expect(kept).toMatchObject({ outcome: "refused", invoiceId: second.invoiceId });
    expect(kept?.detail).toContain(`was opened for another invoice (${first.invoiceId})`);
    // The agency sees it in Settings › Payments.
    const status = await cardPaymentsStatus();
    expect(status.enabled && status.refused.map((refused) => refused.eventId)).toEqual([event.id]);
  });

  it("whose two names of the invoice disagree, or that names a session the site never opened, is refused", async () => {
    const { invoiceId, session } = await paidButNotDelivered();
    const paid = standIn.sessions.get(session.id) as StandInSession;
    const disagreeing = completedWith(paid, { metadata: { invoice_id: randomUUID() } });
    const neverOpened = completedWith(paid, { id: `cs_test_${randomBytes(12).toString("hex")}` });
    for (const event of [disagreeing, neverOpened]) expect((await standIn.deliver(event)).text).toBe(`Event ${event.id}: refused.`);
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "sent", balanceCents: 49_900, payments: [], receipts: [] });
  });

  it("with an amount other than the session's is refused", async () => {
    const { invoiceId, session } = await paidButNotDelivered();
    const paid = standIn.sessions.get(session.id) as StandInSession;
    for (const change of [{ amount_total: 100 }, { amount_total: 99_800 }, { currency: "eur" }]) {
      const event = completedWith(paid, change);
      expect((await standIn.deliver(event)).text).toBe(`Event ${event.id}: refused.`);
    }
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "sent", balanceCents: 49_900, payments: [], receipts: [] });
  });

  it("for an invoice that is not here is refused", async () => {
    const { invoiceId, session } = await paidButNotDelivered();
    const paid = standIn.sessions.get(session.id) as StandInSession;
    const unknown = randomUUID();
    const events = [
      completedWith(paid, { client_reference_id: unknown, metadata: { invoice_id: unknown } }),
      completedWith(paid, { client_reference_id: "INV-1001", metadata: { invoice_id: "INV-1001" } }),
      completedWith(paid, { client_reference_id: null, metadata: {} }),
    ];
    for (const event of events) expect((await standIn.deliver(event)).text).toBe(`Event ${event.id}: refused.`);
    const kept = await db().select().from(paymentProviderEvents);
    expect(kept.map((row) => row.outcome)).toEqual(["refused", "refused", "refused"]);
    expect(kept[0]?.detail).toContain(`names invoice ${unknown}, which is not here`);
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "sent", balanceCents: 49_900, payments: [] });
  });

  it("that is not paid yet records nothing until the asynchronous success arrives", async () => {
    const { invoiceId, session } = await paidButNotDelivered();
    const paid = standIn.sessions.get(session.id) as StandInSession;
    const pending = completedWith(paid, { payment_status: "unpaid" });
    expect((await standIn.deliver(pending)).text).toBe(`Event ${pending.id}: payment not complete yet.`);
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "sent", payments: [] });
    const succeeded = standIn.newEvent("checkout.session.async_payment_succeeded", paid);
    expect((await standIn.deliver(succeeded)).text).toBe(`Event ${succeeded.id}: recorded a payment.`);
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "paid", balanceCents: 0 });
  });
});

describe("an event of a type the site does not use", () => {
  it("is answered 200 and nothing is written", async () => {
    const { invoiceId, session } = await paidButNotDelivered();
    const event = standIn.newEvent("payment_intent.succeeded", { id: standIn.sessions.get(session.id)?.payment_intent, object: "payment_intent" });
    expect(await standIn.deliver(event)).toMatchObject({ status: 200, text: "Event payment_intent.succeeded is not used here; nothing to do." });
    expect(await ledgerOf(invoiceId)).toMatchObject({ ...UNTOUCHED, events: [] });
  });
});

describe("a failure while recording", () => {
  it("answers 500 and writes nothing, so that Stripe's next delivery records the payment", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    await db().delete(emailTemplates).where(eq(emailTemplates.key, "payment_receipt"));
    expect((await standIn.deliver(event)).status).toBe(500);
    expect(await ledgerOf(invoiceId)).toMatchObject({ ...UNTOUCHED, events: [] });
    await db().transaction((tx) => seedDefaultTemplates(tx));
    expect(await standIn.deliver(event)).toMatchObject({ status: 200, text: `Event ${event.id}: recorded a payment.` });
    expect((await ledgerOf(invoiceId)).payments).toHaveLength(1);
  });
});

describe("a refund", () => {
  it("told twice, at once, or after a later one, is recorded once; the balance comes back", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    await standIn.deliver(event);
    const paymentIntent = (event.data.object as StandInSession).payment_intent ?? "";
    const part = await standIn.refund(paymentIntent, 10_000);
    expect(part.delivery).toMatchObject({ status: 200, text: `Event ${part.event.id}: recorded a refund.` });
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "sent", paidDate: null, balanceCents: 10_000 });
    const rest = await standIn.refund(paymentIntent);
    // The earlier refund's event again, and the later one twice at once.
    const answers = await Promise.all([standIn.deliver(part.event), standIn.deliver(rest.event), standIn.deliver(rest.event)]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const ledger = await ledgerOf(invoiceId);
    expect(ledger).toMatchObject({ status: "sent", balanceCents: 49_900 });
    expect(ledger.payments.map((payment) => payment.amountCents)).toEqual([49_900, -10_000, -39_900]);
    // A refund of a payment this site never recorded is refused.
    const stranger = standIn.newEvent("charge.refunded", { id: "ch_test_stranger", object: "charge", amount: 5_000, amount_refunded: 5_000, payment_intent: "pi_test_stranger" });
    expect((await standIn.deliver(stranger)).text).toBe(`Event ${stranger.id}: refused.`);
    expect((await ledgerOf(invoiceId)).balanceCents).toBe(49_900);
  });
});

describe("a card payment in the back-office", () => {
  it("cannot be removed by an admin: the money is refunded in Stripe instead", async () => {
    const { invoiceId, event } = await paidButNotDelivered();
    await standIn.deliver(event);
    const [payment] = (await ledgerOf(invoiceId)).payments;
    const attempt = deletePayment({ actor: systemActor("console"), invoiceId, paymentId: payment?.id ?? "" });
    await expect(attempt).rejects.toThrow(Refusal);
    await expect(attempt).rejects.toThrow(CARD_PAYMENT_KEPT);
    expect(await ledgerOf(invoiceId)).toMatchObject({ status: "paid", balanceCents: 0 });
  });
});
