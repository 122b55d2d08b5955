declare module "~/audit/audit-actions" {
  interface AuditActions {
    "referral.set-paid": { paid: boolean; commissionCents: number | null; commissionPercent: number | null };
  }
}

export {};
