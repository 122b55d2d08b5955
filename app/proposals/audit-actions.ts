import type { NoAuditDetails } from "~/audit/audit-actions";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "proposal.create": { leadId: string } | { clientId: string };
    "proposal.update": NoAuditDetails;
    "proposal.send": { version: number };
    "proposal.sign": { clientId: string; projectId: string; depositInvoiceId: string | null; remainderInvoiceId: string | null; contractSha256: string };
    "proposal.decline": { reason: string | null };
    "proposal.create-contract-template": NoAuditDetails;
    "proposal.save-contract-template": NoAuditDetails;
  }
}
