import type { TierId } from "~/organization/tier-catalog";

/** What a change to a client's fields keeps: the names of the fields that changed, and its own facts. */
type ClientChangeDetails<Facts = unknown> = { changed: string[] } & Facts;

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "client.create": { tier: TierId; invoiceId: string };
    "client.update": ClientChangeDetails<{ tier: TierId; status: string; paymentStatus: string }>;
    "client.update-own-details": ClientChangeDetails;
    "client.status": ClientChangeDetails<{ from: string; to: string }>;
    "client.payment": ClientChangeDetails<{ from: string; to: string }>;
    "client.notes": ClientChangeDetails;
    "client.archive": ClientChangeDetails<{ from: string }>;
    "client.delete": { draftInvoices: string[] };
    "lead.convert": { clientId: string; invoiceId: string; tier: TierId; promoApplied: boolean };
  }
}
