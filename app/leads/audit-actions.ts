import type { NoAuditDetails } from "~/audit/audit-actions";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "lead.add-lead": NoAuditDetails;
    "lead.import": { imported: number; skippedDuplicates: number };
    "lead.change-status": { from: string; to: string };
    "lead.delete-leads": { ids: string[] };
    "lead.add-note": NoAuditDetails;
    "lead.extend-promo": { days: number };
    "lead.set-promo-enabled": { enabled: boolean };
    "lead.resend-promo": NoAuditDetails;
  }
}
