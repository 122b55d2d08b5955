import { sql } from "drizzle-orm";
import { check, date, index, integer, pgSequence, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference, optionalReference } from "~/db/columns";
import { addOns } from "~/add-ons/schema";
import { clients } from "~/clients/schema";
import { projects } from "~/projects/schema";
import { TIER_IDS } from "~/organization/tier-catalog";
import { user } from "~/auth/schema";
import { CHECKOUT_RETURN_PAGES, PROVIDER_EVENT_OUTCOMES } from "./card-payment-options";
import { INVOICE_STATUSES, LINE_ITEM_TYPES, PAYMENT_METHODS, REMINDER_KINDS } from "./invoice-options";

export { INVOICE_STATUSES, LINE_ITEM_TYPES, type InvoiceStatus, type LineItemType } from "./invoice-options";

/**
 * Replaces the spec's `generate_invoice_number()` RPC: `nextval('invoice_number_seq')`, formatted
 * by the service (e.g. INV-1001). Gap-tolerant, never duplicated, safe across app processes.
 */
export const invoiceNumberSeq = pgSequence("invoice_number_seq", { startWith: 1001, increment: 1 });

export const invoices = pgTable(
  "invoices",
  {
    id: recordKey(),
    invoiceNumber: text("invoice_number").notNull().unique(),
    // Restrict: a client with invoices can't be deleted by accident (financial records stay).
    clientId: requiredReference("client_id", () => clients.id, "restrict"),
    // The invoice outlives its project.
    projectId: optionalReference("project_id", () => projects.id, "set null"),
    tier: text("tier", { enum: TIER_IDS }),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("draft"),
    // Money in integer cents. total = subtotal - discount + tax, computed by the shared pure module.
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    dueDate: date("due_date", { mode: "string" }),
    paidDate: date("paid_date", { mode: "string" }),
    /** e.g. a card provider, a bank-transfer service, cash, check. */
    paymentMethod: text("payment_method"),
    notes: text("notes"),
    /** The lead's promo code applied to this invoice (promo price for tier 1; marks the promo used). */
    promoCode: text("promo_code"),
    sentAt: instant("sent_at"),
    /**
     * The client's capability link (/invoice/{token}): 256 random bits, made when the invoice is
     * first sent, checked whole. Null until then.
     */
    viewToken: text("view_token").unique(),
    /** When the client first opened their invoice page ("viewed"). */
    firstViewedAt: instant("first_viewed_at"),
    // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invoices_client_id_idx").on(t.clientId),
    index("invoices_project_id_idx").on(t.projectId),
    index("invoices_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_status_idx").on(t.status),
    check(
      "invoices_amounts_check",
      sql`${t.subtotalCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.taxCents} >= 0`,
    ),
  ],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: recordKey(),
    invoiceId: requiredReference("invoice_id", () => invoices.id, "cascade"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPriceCents: integer("unit_price_cents").notNull().default(0),
    /** quantity × unit price, stored so the invoice reads back exactly what was sent. */
    totalCents: integer("total_cents").notNull().default(0),
    itemType: text("item_type", { enum: LINE_ITEM_TYPES }).notNull().default("service"),
    // The line keeps its description and price if the catalog entry is deleted.
    addOnId: optionalReference("add_on_id", () => addOns.id, "set null"),
    // Consultation lines start at 1000 (spec 001 §9) so they sort after the package lines.
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("invoice_line_items_invoice_sort_idx").on(t.invoiceId, t.sortOrder),
    index("invoice_line_items_add_on_idx").on(t.addOnId),
    check("invoice_line_items_quantity_check", sql`${t.quantity} >= 1`),
    check("invoice_line_items_unit_price_check", sql`${t.unitPriceCents} >= 0`),
  ],
);

/**
 * Money received against an invoice. Several make a partial payment; when they reach the total,
 * the invoice is paid (record-payment.server.ts, invoice-payments.server.ts). Deleting the invoice deletes its payments.
 * A card payment through Stripe names its PaymentIntent, unique, so the same payment told twice is
 * one row; a refund of it is a row of a negative amount, keyed by how much Stripe had refunded in
 * all with it, so every sum of the amounts (what was paid, the balance) counts it (decision 047).
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: recordKey(),
    invoiceId: requiredReference("invoice_id", () => invoices.id, "cascade"),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    note: text("note"),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    /** Stripe's PaymentIntent (pi_…) of a card payment and of its refunds; null for what an admin recorded. */
    providerPaymentId: text("provider_payment_id"),
    /** On a refund: what Stripe had refunded of the payment in all with this one (the refund's key). */
    providerRefundedThroughCents: integer("provider_refunded_through_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.paidOn),
    uniqueIndex("invoice_payments_provider_payment_unique").on(t.providerPaymentId).where(sql`${t.amountCents} > 0`),
    uniqueIndex("invoice_payments_provider_refund_unique").on(t.providerPaymentId, t.providerRefundedThroughCents).where(sql`${t.amountCents} < 0`),
    // Money in is positive; money back only comes from the provider, as a refund of its payment.
    check(
      "invoice_payments_amount_check",
      sql`${t.amountCents} > 0 OR (${t.amountCents} < 0 AND ${t.providerPaymentId} IS NOT NULL AND ${t.providerRefundedThroughCents} IS NOT NULL)`,
    ),
  ],
);

/**
 * One row per reminder e-mail an invoice was sent (DESIGN.md "Exactly once"): the unique
 * (invoice, kind) key is claimed in the same transaction that queues the e-mail, so two worker
 * processes, a crash or a restart never send one reminder twice.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    id: recordKey(),
    invoiceId: requiredReference("invoice_id", () => invoices.id, "cascade"),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    /** The due date the reminder was about (it may be moved later). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    sentAt: instant("sent_at").notNull().defaultNow(),
  },
  (t) => [unique("invoice_reminders_invoice_kind_unique").on(t.invoiceId, t.kind)],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLineItem = typeof invoiceLineItems.$inferSelect;
export type NewInvoiceLineItem = typeof invoiceLineItems.$inferInsert;
export type InvoicePayment = typeof invoicePayments.$inferSelect;

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
