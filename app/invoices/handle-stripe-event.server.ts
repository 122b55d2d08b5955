import { eq } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { z } from "~/forms/zod";
import { logger } from "~/logging/logger.server";
import { NOT_AN_EVENT } from "./card-payment-texts";
import { HANDLED_STRIPE_EVENTS, PROVIDER_EVENT_OUTCOME_LABELS, type HandledStripeEvent } from "./card-payment-options";
import { recordCardPayment, type HandledEvent } from "./record-card-payment.server";
import { recordCardRefund } from "./record-card-refund.server";
import { paymentProviderEvents } from "./schema";
import { verifiedStripeEvent } from "./stripe-client.server";

const expandable = z.union([z.string(), z.object({ id: z.string() })]).nullable().optional();
const idOf = (value: z.infer<typeof expandable>): string | null => (value == null ? null : typeof value === "string" ? value : value.id);

const eventShape = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/),
  object: z.literal("event"),
  type: z.string().min(1).max(200),
  created: z.number().int().positive(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSessionShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("checkout.session"),
  mode: z.string(),
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  payment_intent: expandable,
});

const chargeShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("charge"),
  amount_refunded: z.number().int().nonnegative(),
  payment_intent: expandable,
});

function isHandled(type: string): type is HandledStripeEvent {
  return (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type);
}

/** The event's object read as its type says, and recorded; what could not be read is refused (kept, not retried). */
async function handle(tx: DatabaseExecutor, event: z.infer<typeof eventShape> & { type: HandledStripeEvent }, now: Date): Promise<HandledEvent> {
  const at = new Date(event.created * 1000);
  if (event.type === "charge.refunded") {
    const charge = chargeShape.safeParse(event.data.object);
    if (!charge.success) return { outcome: "refused", detail: "The event's object is not a charge this site can read." };
    return recordCardRefund(tx, {
      eventId: event.id,
      charge: { chargeId: charge.data.id, paymentIntentId: idOf(charge.data.payment_intent), refundedCents: charge.data.amount_refunded },
      refundedAt: at,
      now,
    });
  }
  const session = checkoutSessionShape.safeParse(event.data.object);
  if (!session.success) return { outcome: "refused", detail: "The event's object is not a Checkout Session this site can read." };
  return recordCardPayment(tx, {
    eventId: event.id,
    checkout: {
      sessionId: session.data.id,
      mode: session.data.mode,
      paymentStatus: session.data.payment_status,
      amountTotalCents: session.data.amount_total,
      currency: session.data.currency,
      clientReferenceId: session.data.client_reference_id ?? null,
      metadataInvoiceId: session.data.metadata?.invoice_id ?? null,
      paymentIntentId: idOf(session.data.payment_intent),
    },
    paidAt: at,
    now,
  });
}

/**
 * `POST /webhooks/stripe`: the raw body's Stripe-Signature is verified by Stripe's library first
 * (refused, 400, when it does not prove Stripe sent it in the last 300 s, or when the body is no
 * event). An event of a type the site does not use is answered 200 and not kept. One it uses is
 * claimed under its id (unique) and handled in the same transaction: a repeated delivery, even at
 * the same moment, finds the id taken and changes nothing. A failure rolls all of it back and is
 * thrown, answered 5xx, so that Stripe delivers the event again.
 */
export async function handleStripeEvent({ payload, signature, now = new Date() }: { payload: Buffer; signature: string | null; now?: Date }): Promise<{ message: string }> {
  const parsed = eventShape.safeParse(await verifiedStripeEvent(payload, signature));
  if (!parsed.success) throw new Refusal(NOT_AN_EVENT);
  const event = parsed.data;
  if (!isHandled(event.type)) return { message: `Event ${event.type} is not used here; nothing to do.` };
  const type = event.type;
  const handled = await db().transaction(async (tx) => {
    const [claimed] = await tx
      .insert(paymentProviderEvents)
      .values({ provider: "stripe", eventId: event.id, type, receivedAt: now })
      .onConflictDoNothing({ target: [paymentProviderEvents.provider, paymentProviderEvents.eventId] })
      .returning({ id: paymentProviderEvents.id });
    if (!claimed) return null;
    const outcome = await handle(tx, { ...event, type }, now);
    await tx
      .update(paymentProviderEvents)
      .set({ outcome: outcome.outcome, detail: outcome.detail ?? null, invoiceId: outcome.invoiceId ?? null })
      .where(eq(paymentProviderEvents.id, claimed.id));
    return outcome;
  });
  if (!handled) {
    logger.info({ eventId: event.id, type }, "stripe event received again: handled before, nothing changed");
    return { message: `Event ${event.id} was handled before; nothing changed.` };
  }
  const log = handled.outcome === "refused" ? logger.warn.bind(logger) : logger.info.bind(logger);
  log({ eventId: event.id, type, outcome: handled.outcome, detail: handled.detail }, "stripe event handled");
  return { message: `Event ${event.id}: ${PROVIDER_EVENT_OUTCOME_LABELS[handled.outcome]}.` };
}
