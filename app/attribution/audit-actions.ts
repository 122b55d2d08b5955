import type { CampaignValues } from "./campaign-records.server";

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "campaign.created": CampaignValues;
    "campaign.updated": { before: CampaignValues; after: CampaignValues };
    "campaign.deleted": { slug: string };
  }
}
