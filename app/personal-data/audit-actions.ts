declare module "~/audit/audit-actions" {
  interface AuditActions {
    "settings.erase-person": { leadIds: string[]; clientIds: string[]; records: number };
  }
}

export {};
