declare module "~/audit/audit-actions" {
  interface AuditActions {
    /** The segment's choices; whether a search narrowed it, not what was searched (it may be a name). */
    "campaign.send_started": { sendId: string; templateId: string; status: string | null; tier: string | null; source: string | null; searched: boolean; recipients: number };
  }
}

export {};
