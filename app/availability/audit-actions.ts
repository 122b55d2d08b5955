import type { NoAuditDetails } from "~/audit/audit-actions";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "availability.add-slot": { date: string; startTime: string; endTime: string; status: string };
    "availability.delete-slots": { ids: string[] };
    "availability.generate": { days: number; slots: number };
    "availability.add-rule": { dayOfWeek: number; startTime: string; endTime: string };
    "availability.toggle-rule": { isActive: boolean };
    "availability.delete-rule": NoAuditDetails;
    "availability.block": { startDate: string; endDate: string; deletedSlots: string[] };
    "availability.unblock": NoAuditDetails;
  }
}
