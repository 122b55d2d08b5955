import { Refusal } from "~/refusal/refusal";
import type { Route } from "./+types/stripe-webhook-route";
import { handleStripeEvent } from "./handle-stripe-event.server";
import { cardPayments } from "./stripe-client.server";

// Stripe's webhook (decision 047): the one way a card payment is recorded. The body is read raw,
// as its signature was made over it; the request stack lets Stripe's post through the origin
// check (it carries neither an Origin nor cookies) and the public posts' counter.

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

/** Without card payments there is no webhook; with them, a GET says what the address is for. */
export function loader() {
  if (!cardPayments()) return plain(404, "Not found.");
  return plain(405, "Stripe posts its events to this address.", { Allow: "POST" });
}

export async function action({ request }: Route.ActionArgs) {
  if (!cardPayments()) return plain(404, "Not found.");
  try {
    const answer = await handleStripeEvent({ payload: Buffer.from(await request.arrayBuffer()), signature: request.headers.get("stripe-signature") });
    return plain(200, answer.message);
  } catch (error) {
    // A refusal (bad signature, stale, not an event) wrote nothing; anything else is thrown on,
    // answered 5xx, and Stripe delivers the event again.
    if (error instanceof Refusal) return plain(error.status, error.message);
    throw error;
  }
}
