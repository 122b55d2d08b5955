import type { TierId } from "~/organization/tier-catalog";
import type { NoAuditDetails } from "~/audit/audit-actions";

type StatusChange = { from: string; to: string };

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "invoice.create-invoice": { clientId: string; projectId: string | null; tier: TierId | null };
    /** A signed proposal's deposit or remainder. */
    "invoice.bill-signed-proposal": { clientId: string; projectId: string };
    "invoice.generate-from-project": { projectId: string; tier: TierId; deliverables: number; includeAddOns: boolean; promoApplies: boolean };
    "invoice.save-details": { clientId: string; projectId: string | null; status: StatusChange; totalCents: number; promoApplied: boolean };
    "invoice.send-invoice": { clientId: string; resend: boolean };
    "invoice.reopen": NoAuditDetails;
    "invoice.add-item": { lineItemId: string; quantity: number; unitPriceCents: number };
    "invoice.update-item": { lineItemId: string; description?: string; quantity: number; unitPriceCents: number };
    "invoice.delete-item": { lineItemId: string };
    "invoice.move-item": { lineItemId: string; direction: "up" | "down" };
    "invoice.add-consultations": { consultationIds: string[]; priceCents: number };
    "invoice.record-payment": { paymentId: string; amountCents: number; method: string; paidOn: string; status: StatusChange };
    "invoice.delete-payment": { paymentId: string; amountCents: number | undefined; status: StatusChange };
    "invoice.card-payment": { paymentId: string; amountCents: number; providerPaymentId: string | null; checkoutSessionId: string; eventId: string; paidOn: string; status: StatusChange };
    "invoice.card-refund": { paymentId: string; amountCents: number; providerPaymentId: string; chargeId: string; eventId: string; refundedOn: string; status: StatusChange };
    "invoice.revoke-link": NoAuditDetails;
    "invoice.new-link": NoAuditDetails;
    /** One invoice (with its client's id when it went with the client), or several by id. */
    "invoice.delete-invoices": { clientId?: string; ids?: string[] };
  }
}
