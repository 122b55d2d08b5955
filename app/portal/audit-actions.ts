import type { NoAuditDetails } from "~/audit/audit-actions";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "client.portal-sign-out": NoAuditDetails;
    "client.send-portal-link": NoAuditDetails;
  }
}
