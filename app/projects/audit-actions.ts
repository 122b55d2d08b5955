import type { TierId } from "~/organization/tier-catalog";
declare module "~/audit/audit-actions" {
  interface AuditActions {
    "project.create-project": { clientId: string; tier: TierId };
    "project.update-project": { changed: string[]; status: string };
    "project.move-project": { from: string; to: string };
    "project.delete-projects": { ids: string[] };
    "project.upgrade-tier": { from: TierId; to: TierId; added: number };
    "project.toggle-task": { taskId: string; status: string };
    "project.task-notes": { taskId: string };
    "project.delete-task": { taskId: string };
    "project.add-tier-task": { taskId: string; tier: TierId | null };
    "project.add-custom-task": { taskId: string; tier: TierId | null };
  }
}
