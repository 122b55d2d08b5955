import type { NoAuditDetails } from "~/audit/audit-actions";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "email.send_again": { copyOf: string; emailType: string };
    "email.suppression-add": { reason: string };
    "email.suppression-remove": { reason: string };
    "email_template.create": NoAuditDetails;
    "email_template.save": { version: number };
    "email_template.restore": { version: number; restoredVersion: number };
    "email_template.delete": { version: number };
    "email_template.clone": { sourceTemplateId: string };
    "template.send-test": { version: number; outboxId: string };
    "settings.send-test-email": { sent: boolean };
  }
}
