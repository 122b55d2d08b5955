/** The Pay now form's answer when Stripe could not be reached or failed: the client keeps the page. */
export const CARD_SERVICE_UNAVAILABLE =
  "We could not reach the card payment service just now. Nothing was charged; please try again in a moment, or pay by bank transfer.";
