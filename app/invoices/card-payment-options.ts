// Card payments' lists and words (decision 047), pure so the browser and the schema share them.

/** Where a client opened Checkout from, and comes back to: the invoice's link, or the client portal. */
export const CHECKOUT_RETURN_PAGES = ["link", "portal"] as const;
export type CheckoutReturnPage = (typeof CHECKOUT_RETURN_PAGES)[number];

/** What handling a provider's event did. */
export const PROVIDER_EVENT_OUTCOMES = ["payment_recorded", "refund_recorded", "already_recorded", "payment_pending", "refused"] as const;
export type ProviderEventOutcome = (typeof PROVIDER_EVENT_OUTCOMES)[number];

export const PROVIDER_EVENT_OUTCOME_LABELS: Record<ProviderEventOutcome, string> = {
  payment_recorded: "recorded a payment",
  refund_recorded: "recorded a refund",
  already_recorded: "already recorded",
  payment_pending: "payment not complete yet",
  refused: "refused",
};

/** The events the webhook handles; Stripe's endpoint should send these (Settings › Payments says so). */
export const HANDLED_STRIPE_EVENTS = ["checkout.session.completed", "checkout.session.async_payment_succeeded", "charge.refunded"] as const;
export type HandledStripeEvent = (typeof HANDLED_STRIPE_EVENTS)[number];

/** The invoices' currency: every amount of the site is in US dollars (app/formatting/money.ts). */
export const INVOICE_CURRENCY = "usd";

/** The webhook's path, below PUBLIC_URL. */
export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";
