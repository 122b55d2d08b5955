import type { NoAuditDetails } from "~/audit/audit-actions";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "admin.invite": NoAuditDetails;
    "admin.accept-invitation": NoAuditDetails;
    "admin.revoke": NoAuditDetails;
    "account.confirm-identity": NoAuditDetails;
    "account.change-password": NoAuditDetails;
    "two-factor.enable": NoAuditDetails;
    "two-factor.disable": NoAuditDetails;
    "session.sign-out-everywhere": { sessionsEnded: number };
  }
}
