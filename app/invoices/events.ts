import type { Invoice } from "./schema";

declare module "~/events/domain-events" {
  interface DomainEvents {
    /** A payment (by hand or by card) paid an invoice in full: a signed proposal records its deposit paid. */
    "invoice.paid": { invoice: Pick<Invoice, "id" | "clientId" | "invoiceNumber">; now: Date };
  }
}

export {};
