import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, instant, optionalReference, recordKey, requiredReference } from "~/db/columns";
import { invoicePayments, invoices } from "../schema";
import { CHECKOUT_RETURN_PAGES, PROVIDER_EVENT_OUTCOMES } from "./card-payment-options";

// Card payments through Stripe Checkout (decision 047): the sessions the site opened, and every
// event Stripe's webhook delivered, each once.

/**
 * A Checkout Session opened for an invoice's balance. The webhook records a payment only for a
 * session found here, for the invoice and the amount it was opened for; the success page reads
 * whether its payment is recorded, and never records one.
 */
export const cardCheckoutSessions = pgTable(
  "card_checkout_sessions",
  {
    id: recordKey(),
    invoiceId: requiredReference("invoice_id", () => invoices.id, "cascade"),
    /** Stripe's Checkout Session (cs_…). */
    sessionId: text("session_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    /** ISO 4217, lower case as Stripe writes it. */
    currency: text("currency").notNull(),
    /** The page the client paid from, where Stripe sends them back. */
    returnsTo: text("returns_to", { enum: CHECKOUT_RETURN_PAGES }).notNull(),
    /** What it was opened with: one per invoice, amount, page and attempt, so a double click opens one session. */
    idempotencyKey: text("idempotency_key").notNull(),
    expiresAt: instant("expires_at").notNull(),
    /** The payment the webhook recorded for it. */
    paymentId: optionalReference("payment_id", () => invoicePayments.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [index("card_checkout_sessions_invoice_idx").on(t.invoiceId, t.createdAt)],
);

/**
 * Every event a payment provider's webhook delivered that the site handles, under its id, unique:
 * a repeated or concurrent delivery finds it taken and changes nothing. Events of other types are
 * answered and not kept.
 */
export const paymentProviderEvents = pgTable(
  "payment_provider_events",
  {
    id: recordKey(),
    provider: text("provider", { enum: ["stripe"] }).notNull().default("stripe"),
    /** The provider's id of the event (evt_…). */
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
    /** What handling it did; written in the transaction that claims the event, so never seen empty. */
    outcome: text("outcome", { enum: PROVIDER_EVENT_OUTCOMES }),
    /** Why, in words, when it recorded nothing (no person's data: ids and amounts). */
    detail: text("detail"),
    invoiceId: optionalReference("invoice_id", () => invoices.id, "set null"),
  },
  (t) => [unique("payment_provider_events_event_unique").on(t.provider, t.eventId), index("payment_provider_events_received_idx").on(t.receivedAt)],
);

export type CardCheckoutSession = typeof cardCheckoutSessions.$inferSelect;
export type PaymentProviderEvent = typeof paymentProviderEvents.$inferSelect;
