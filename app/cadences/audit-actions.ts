import type { CadenceDetails } from "./cadences.server";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "cadence.save-cadence": CadenceDetails;
    "cadence.set-status": { status: string };
    "cadence.delete-cadence": { endedEnrolments: number };
    "cadence-enrolment.enrol-leads": { leadIds: string[]; enrolled: number };
    "testing.send-test": { queued: number };
  }
}
