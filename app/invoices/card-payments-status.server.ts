import { desc, eq } from "drizzle-orm";
import { config, STRIPE_API_DEFAULT_URL } from "~/config.server";
import { db } from "~/db/connection.server";
import { HANDLED_STRIPE_EVENTS, STRIPE_WEBHOOK_PATH, type ProviderEventOutcome } from "./card-payment-options";
import { paymentProviderEvents } from "./schema";
import { cardPayments } from "./stripe-client.server";

export type ProviderEventSummary = { eventId: string; type: string; receivedAt: Date; outcome: ProviderEventOutcome | null; detail: string | null };

export type CardPaymentsStatus =
  | { enabled: false }
  | {
      enabled: true;
      testMode: boolean;
      /** STRIPE_API_URL when it is not Stripe's own (a stand-in). */
      apiUrl: string | null;
      /** What to paste into Stripe's Dashboard as the endpoint's URL. */
      webhookUrl: string;
      /** PUBLIC_URL names this machine: Stripe cannot reach the webhook there. */
      webhookLocal: boolean;
      events: readonly string[];
      lastEvent: ProviderEventSummary | null;
      /** The latest events that recorded nothing, for the admin to look at in Stripe. */
      refused: ProviderEventSummary[];
    };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Settings › Payments: whether card payments are on, where Stripe must send its events, and when one last arrived. */
export async function cardPaymentsStatus(): Promise<CardPaymentsStatus> {
  const settings = cardPayments();
  if (!settings) return { enabled: false };
  const { publicUrl } = config();
  const summary = { eventId: paymentProviderEvents.eventId, type: paymentProviderEvents.type, receivedAt: paymentProviderEvents.receivedAt, outcome: paymentProviderEvents.outcome, detail: paymentProviderEvents.detail };
  const [[lastEvent], refused] = await Promise.all([
    db().select(summary).from(paymentProviderEvents).orderBy(desc(paymentProviderEvents.receivedAt)).limit(1),
    db().select(summary).from(paymentProviderEvents).where(eq(paymentProviderEvents.outcome, "refused")).orderBy(desc(paymentProviderEvents.receivedAt)).limit(5),
  ]);
  return {
    enabled: true,
    testMode: settings.testMode,
    apiUrl: settings.api.url === STRIPE_API_DEFAULT_URL ? null : settings.api.url,
    webhookUrl: `${publicUrl}${STRIPE_WEBHOOK_PATH}`,
    webhookLocal: LOCAL_HOSTS.has(new URL(publicUrl).hostname),
    events: HANDLED_STRIPE_EVENTS,
    lastEvent: lastEvent ?? null,
    refused,
  };
}
