/** The Pay now form's answer when Stripe could not be reached or failed: the client keeps the page. */
export const CARD_SERVICE_UNAVAILABLE =
  "We could not reach the card payment service just now. Nothing was charged; please try again in a moment, or pay by bank transfer.";

/** The webhook's answers to what Stripe did not send (400, nothing written). */
export const NOT_SIGNED_BY_STRIPE = "The Stripe-Signature header does not prove that Stripe sent this body in the last 5 minutes.";
export const NOT_AN_EVENT = "The body is not a Stripe event.";
