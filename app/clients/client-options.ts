// Client option lists (DESIGN.md "Client status" ruling), shared by browser and server.

export const CLIENT_STATUSES = ["active", "pending", "paused", "completed", "archived"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "unpaid", "partial", "paid", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
