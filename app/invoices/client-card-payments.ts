/** Back from Stripe's page: the payment recorded by the webhook, not yet, or the client cancelled. */
export type CheckoutReturn = "received" | "processing" | "cancelled" | null;

/** What the client's invoice page shows of card payments (client-card-payments.server.ts). */
export type ClientCardPayments = {
  /** 'Pay now' is offered: sent, not paid, something owed. */
  payable: boolean;
  returned: CheckoutReturn;
  /** Card payments (positive) and their refunds (negative), oldest first. */
  payments: { id: string; paidOn: string; amountCents: number }[];
};

/** How often the page asks again while the webhook has not told of the payment yet. */
export const PROCESSING_REFRESH_SECONDS = 3;
