declare module "~/audit/audit-actions" {
  interface AuditActions {
    "settings.delete-old-copies": { deleted: number };
    "settings.restore": { backupMadeAt: string };
  }
}

export {};
