import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small stand-in for Stripe's Checkout API, for the tests and a local try (decision 047): the
 * app talks to it through the official `stripe` package, pointed here by STRIPE_API_URL. It
 * creates and retrieves Checkout Sessions (honouring Idempotency-Key as Stripe does), serves a
 * hosted page whose "Pay" button marks the session paid, delivers the signed
 * `checkout.session.completed` to the app's webhook and sends the client back to `success_url`,
 * and refunds a payment (`POST /v1/refunds`), delivering `charge.refunded`. Events are signed with
 * the official package's `webhooks.generateTestHeaderString`.
 */

export type StandInSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
};

type Charge = { id: string; object: "charge"; amount: number; amount_refunded: number; refunded: boolean; currency: string; payment_intent: string; metadata: Record<string, string> };

export type StandInEvent = { id: string; object: "event"; type: string; created: number; api_version: string; livemode: false; pending_webhooks: number; data: { object: object }; request: { id: null; idempotency_key: null } };

/** An event (or a body that is not one) posted to the webhook, and the app's answer. */
export type Delivery = { event: StandInEvent | string; status: number; text: string };

export type ApiRequest = { method: string; path: string; idempotencyKey: string | null; params: Record<string, unknown> };

export type StripeStandIn = {
  /** Its origin: STRIPE_API_URL, and the hosted pages' too. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The three variables that point the app here. */
  environment: Record<"STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL", string>;
  /** Where events are delivered (the app's `/webhooks/stripe`). */
  webhookUrl: string | null;
  /** Milliseconds between the client's "Pay" and the event's delivery (0: delivered before the client is sent back). */
  deliveryDelayMs: number;
  sessions: Map<string, StandInSession>;
  requests: ApiRequest[];
  deliveries: Delivery[];
  /**
   * Holds the hosted page's deliveries until the returned release is called: the client is back
   * on the site before Stripe's event, as happens when Stripe is slow, without a clock.
   */
  holdDeliveries(): () => void;
  /** Answer every API request with this status (a Stripe outage), until set back to null. */
  failApi: number | null;
  /**
   * What the hosted page's "Pay" does: the session paid, its event made and delivered (after
   * `deliveryDelayMs`); `deliver: false` leaves the delivery to the test.
   */
  pay(sessionId: string, options?: { deliver?: boolean }): Promise<{ event: StandInEvent; delivery: Promise<Delivery | null> }>;
  /** Refunds (part of) a paid session's payment, as `POST /v1/refunds` does. */
  refund(paymentIntentId: string, amount?: number): Promise<{ event: StandInEvent; delivery: Delivery }>;
  expire(sessionId: string): void;
  /** Signs and posts an event to the webhook, as Stripe delivers one (again, for a redelivery). */
  deliver(event: StandInEvent | string, signing?: { secret?: string; timestamp?: number }): Promise<Delivery>;
  /** The Stripe-Signature header of a body, signed with the webhook's secret (or another), at a time. */
  sign(payload: string, signing?: { secret?: string; timestamp?: number }): string;
  newEvent(type: string, object: object): StandInEvent;
  stop(): Promise<void>;
};

const API_VERSION = "2026-10-28.endive";

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (`line_items[0][price_data][currency]=usd`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asRecord(value)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function postTo(url: string, payload: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(payload)) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(payload);
  });
}

export async function startStripeStandIn(options: { webhookUrl?: string; deliveryDelayMs?: number; port?: number } = {}): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_standin${randomBytes(16).toString("hex")}`;
  // Stripe takes the key as a bearer token or as HTTP Basic's user name (curl -u sk_…:).
  const authorizations = new Set([`Bearer ${secretKey}`, `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`]);
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  let held: Promise<void> | null = null;
  const charges = new Map<string, Charge>();
  const paymentIntentMetadata = new Map<string, Record<string, string>>();
  const server = http.createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function json(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req"), ...headers }).end(JSON.stringify(body));
  }

  function stripeError(response: http.ServerResponse, status: number, type: string, message: string, code?: string) {
    json(response, status, { error: { type, message, ...(code ? { code } : {}) } });
  }

  function createSession(params: Record<string, unknown>): StandInSession {
    const lines = Object.values(asRecord(params.line_items)).map(asRecord);
    const amount = lines.reduce((sum, line) => sum + Number(asRecord(line.price_data).unit_amount ?? 0) * Number(line.quantity ?? 1), 0);
    const currency = String(asRecord(lines[0]?.price_data).currency ?? "usd");
    const session: StandInSession = {
      id: id("cs"),
      object: "checkout.session",
      mode: String(params.mode ?? "payment"),
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency,
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      metadata: asStrings(params.metadata),
      payment_intent: null,
      success_url: String(params.success_url ?? ""),
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      url: null,
      expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    session.url = `${origin}/c/pay/${session.id}`;
    paymentIntentMetadata.set(session.id, asStrings(asRecord(params.payment_intent_data).metadata));
    standIn.sessions.set(session.id, session);
    return session;
  }

  async function api(request: http.IncomingMessage, response: http.ServerResponse, path: string) {
    const body = await readBody(request);
    const params = parseStripeForm(body);
    const idempotencyKey = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
    standIn.requests.push({ method: request.method ?? "GET", path, idempotencyKey, params });
    if (!authorizations.has(request.headers.authorization ?? "")) return stripeError(response, 401, "invalid_request_error", "Invalid API Key provided.");
    if (standIn.failApi !== null) return stripeError(response, standIn.failApi, "api_error", "The stand-in is failing on purpose.");
    const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (request.method === "GET" && retrieve) {
      const session = standIn.sessions.get(retrieve[1] ?? "");
      return session ? json(response, 200, session) : stripeError(response, 404, "invalid_request_error", "No such checkout.session", "resource_missing");
    }
    if (request.method !== "POST" || (path !== "/v1/checkout/sessions" && path !== "/v1/refunds")) return stripeError(response, 404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${path}).`);
    // As Stripe: a key replays its first answer for the same parameters, and is refused for others.
    const remembered = idempotencyKey ? idempotent.get(`${path} ${idempotencyKey}`) : undefined;
    if (remembered) {
      if (remembered.params !== body) return stripeError(response, 400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
      response.writeHead(remembered.status, { "Content-Type": "application/json", "Idempotent-Replayed": "true" }).end(remembered.body);
      return;
    }
    const answer = path === "/v1/refunds" ? await refundFromApi(params) : { status: 200, body: createSession(params) };
    if (idempotencyKey) idempotent.set(`${path} ${idempotencyKey}`, { params: body, status: answer.status, body: JSON.stringify(answer.body) });
    json(response, answer.status, answer.body);
  }

  async function refundFromApi(params: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const paymentIntent = String(params.payment_intent ?? "");
    const charge = charges.get(paymentIntent);
    if (!charge) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such payment_intent", code: "resource_missing" } } };
    const amount = params.amount === undefined ? charge.amount - charge.amount_refunded : Number(params.amount);
    const { refund } = await refundCharge(charge, amount);
    return { status: 200, body: refund };
  }

  async function refundCharge(charge: Charge, amount: number) {
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amount);
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = { id: id("re"), object: "refund", amount, charge: charge.id, payment_intent: charge.payment_intent, currency: charge.currency, status: "succeeded" };
    const event = standIn.newEvent("charge.refunded", { ...charge });
    return { refund, event, delivery: await standIn.deliver(event) };
  }

  function hostedPage(response: http.ServerResponse, session: StandInSession | undefined) {
    const html = (body: string) =>
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title></head><body>${body}</body></html>`);
    if (!session || session.status !== "open") return html("<h1>This checkout session is no longer open</h1>");
    const amount = (session.amount_total / 100).toLocaleString("en-US", { style: "currency", currency: session.currency.toUpperCase() });
    html(
      `<main><p>Stripe stand-in: test mode</p><h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(session.customer_email ?? "")}</p>` +
        `<form method="post" action="/c/pay/${session.id}"><button type="submit">Pay</button></form>` +
        (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : "") +
        "</main>",
    );
  }

  /** For a person trying it by hand: the events delivered, to deliver again (as is, forged, stale), and the payments, to refund. */
  function overview(response: http.ServerResponse) {
    const events = standIn.deliveries.flatMap((delivery, index) =>
      typeof delivery.event === "string"
        ? []
        : [
            `<li>${escapeHtml(delivery.event.type)} ${escapeHtml(delivery.event.id)}: the app answered ${delivery.status} (${escapeHtml(delivery.text)}) ` +
              ["again", "forged", "stale"].map((how) => `<form method="post" action="/deliveries/${index}/${how}" style="display:inline"><button>Deliver ${how === "again" ? "again" : how === "forged" ? "with a forged signature" : "signed 301 s ago"}</button></form>`).join(" ") +
              "</li>",
          ],
    );
    const payments = [...charges.values()].map(
      (charge) =>
        `<li>${escapeHtml(charge.payment_intent)}: ${charge.amount} ${escapeHtml(charge.currency)}, refunded ${charge.amount_refunded} ` +
        (charge.amount_refunded < charge.amount ? `<form method="post" action="/payments/${escapeHtml(charge.payment_intent)}/refund" style="display:inline"><button>Refund</button></form>` : "") +
        "</li>",
    );
    response
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in</title></head><body><h1>Stripe stand-in</h1>` +
          `<p>Webhook: ${escapeHtml(standIn.webhookUrl ?? "(none)")}</p><h2>Events delivered</h2><ul>${events.join("")}</ul><h2>Payments</h2><ul>${payments.join("")}</ul></body></html>`,
      );
  }

  async function route(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = new URL(request.url ?? "/", origin).pathname;
    if (path.startsWith("/v1/")) return api(request, response, path);
    if (path === "/" && request.method === "GET") return overview(response);
    const again = /^\/deliveries\/(\d+)\/(again|forged|stale)$/.exec(path);
    const refund = /^\/payments\/([\w-]+)\/refund$/.exec(path);
    if (request.method === "POST" && (again || refund)) {
      await readBody(request);
      const event = again ? standIn.deliveries[Number(again[1])]?.event : undefined;
      if (again && event) await standIn.deliver(event, again[2] === "forged" ? { secret: "whsec_forged" } : again[2] === "stale" ? { timestamp: Math.floor(Date.now() / 1000) - 301 } : {});
      if (refund) await standIn.refund(refund[1] ?? "");
      response.writeHead(303, { Location: "/" }).end();
      return;
    }
    const page = /^\/c\/pay\/([\w-]+)$/.exec(path);
    if (page && request.method === "GET") return hostedPage(response, standIn.sessions.get(page[1] ?? ""));
    if (page && request.method === "POST") {
      await readBody(request);
      const session = standIn.sessions.get(page[1] ?? "");
      if (!session || session.status !== "open") return hostedPage(response, session);
      const waiting = held !== null || standIn.deliveryDelayMs > 0;
      const { delivery } = await standIn.pay(session.id);
      // Stripe sends the client back at once and delivers the event on its own time; the stand-in
      // delivers first unless told to wait, so that a test knows the order.
      if (waiting) void delivery;
      else await delivery;
      response.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
      return;
    }
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  }

  const standIn: StripeStandIn = {
    url: origin,
    secretKey,
    webhookSecret,
    environment: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: origin },
    webhookUrl: options.webhookUrl ?? null,
    deliveryDelayMs: options.deliveryDelayMs ?? 0,
    sessions: new Map(),
    requests: [],
    deliveries: [],
    failApi: null,
    holdDeliveries() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        release();
        held = null;
      };
    },
    async pay(sessionId, { deliver = true } = {}) {
      const session = standIn.sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`Session ${sessionId} is not open`);
      const paymentIntent = id("pi");
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: paymentIntent, url: null });
      const metadata = paymentIntentMetadata.get(session.id) ?? {};
      charges.set(paymentIntent, { id: id("ch"), object: "charge", amount: session.amount_total, amount_refunded: 0, refunded: false, currency: session.currency, payment_intent: paymentIntent, metadata });
      const event = standIn.newEvent("checkout.session.completed", { ...session });
      const delivery = deliver
        ? Promise.all([held, new Promise<void>((resolve) => setTimeout(resolve, standIn.deliveryDelayMs))]).then(() => standIn.deliver(event))
        : Promise.resolve(null);
      return { event, delivery };
    },
    async refund(paymentIntentId, amount) {
      const charge = charges.get(paymentIntentId);
      if (!charge) throw new Error(`No payment ${paymentIntentId}`);
      const { event, delivery } = await refundCharge(charge, amount ?? charge.amount - charge.amount_refunded);
      return { event, delivery };
    },
    expire(sessionId) {
      const session = standIn.sessions.get(sessionId);
      if (session) Object.assign(session, { status: "expired", url: null });
    },
    newEvent(type, object) {
      return {
        id: `evt_test_${randomBytes(12).toString("hex")}`,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        api_version: API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        data: { object },
        request: { id: null, idempotency_key: null },
      };
    },
    sign(payload, signing = {}) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: signing.secret ?? webhookSecret, timestamp: signing.timestamp });
    },
    async deliver(event, signing = {}) {
      if (!standIn.webhookUrl) throw new Error("The stand-in has no webhook URL to deliver to");
      const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
      const answer = await postTo(standIn.webhookUrl, payload, {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature": standIn.sign(payload, signing),
      });
      const delivery = { event, ...answer };
      standIn.deliveries.push(delivery);
      return delivery;
    },
    stop() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
