import type Stripe from "stripe";
import { config, type CardPaymentsConfig } from "~/config.server";
import { Refusal } from "~/refusal/refusal";
import { NOT_AN_EVENT, NOT_SIGNED_BY_STRIPE } from "./card-payment-texts";

// Stripe's library behind one module (decision 047): the client made from the configuration, and
// the signature check of its webhook. Nothing else in the app imports `stripe`.

/** Card payments' configuration; null without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (bank transfer only). */
export function cardPayments(): CardPaymentsConfig | null {
  return config().cardPayments;
}

export function requireCardPayments(): CardPaymentsConfig {
  const settings = cardPayments();
  if (!settings) throw new Refusal("Card payments are not available.", { status: 404 });
  return settings;
}

/** How old a signed event may be: Stripe's own default, which its retries are signed afresh within. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

let made: { settings: CardPaymentsConfig; client: Promise<Stripe> } | undefined;

/**
 * The one Stripe client of the configuration read, made on first use (the library loads then, not
 * at every start), pointed at STRIPE_API_URL through its host, port and protocol options.
 */
export function stripeClient(): Promise<Stripe> {
  const settings = requireCardPayments();
  if (made?.settings !== settings) made = { settings, client: makeClient(settings) };
  return made.client;
}

function makeClient(settings: CardPaymentsConfig): Promise<Stripe> {
  return import("stripe").then(
    ({ default: StripeLibrary }) =>
      new StripeLibrary(settings.secretKey, {
        host: settings.api.host,
        port: settings.api.port,
        protocol: settings.api.protocol,
        // A client waits on the Pay now button: a short timeout, and the library's retries, which
        // reuse the request's Idempotency-Key, so a retried create opens no second session.
        timeout: 20_000,
        maxNetworkRetries: 2,
        telemetry: false,
        appInfo: { name: "agency-site" },
      }),
  );
}

/**
 * The event in a webhook's raw body, once its Stripe-Signature proves Stripe sent it, signed with
 * STRIPE_WEBHOOK_SECRET less than 300 s ago (`constructEvent`). Refused (400) otherwise, or when
 * the signed body is not an event.
 */
export async function verifiedStripeEvent(payload: Buffer, signature: string | null): Promise<unknown> {
  const settings = requireCardPayments();
  const stripe = await stripeClient();
  try {
    return stripe.webhooks.constructEvent(payload, signature ?? "", settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof stripe.errors.StripeSignatureVerificationError) {
      throw new Refusal(NOT_SIGNED_BY_STRIPE);
    }
    // Past the signature: the body is not JSON, or is a kind of notification this endpoint does not take.
    if (error instanceof SyntaxError || (error instanceof Error && /thin event/i.test(error.message))) {
      throw new Refusal(NOT_AN_EVENT);
    }
    throw error;
  }
}
