import { formatDate } from "~/formatting/dates";

/** Pure lists shared by the campaign pages and the server (issue 17: draft, active, ended). */
export const CAMPAIGN_STATUSES = ["draft", "active", "ended"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_BADGE: Record<CampaignStatus, "default" | "secondary" | "outline"> = {
  draft: "outline",
  active: "default",
  ended: "secondary",
};

/** A send is queued until the worker takes its first batch, sending while recipients wait, done when none do. */
export const CAMPAIGN_SEND_STATUSES = ["queued", "sending", "done"] as const;
export type CampaignSendStatus = (typeof CAMPAIGN_SEND_STATUSES)[number];

/** waiting: not reached yet; queued: in the outbox; suppressed: the address takes no marketing mail; skipped: the lead was deleted. */
export const CAMPAIGN_SEND_RECIPIENT_STATUSES = ["waiting", "queued", "suppressed", "skipped"] as const;
export type CampaignSendRecipientStatus = (typeof CAMPAIGN_SEND_RECIPIENT_STATUSES)[number];

/** A start date is a calendar date: shown as it is, whatever the zone. */
export function startDateText(startDate: string | null): string {
  return startDate ? formatDate(`${startDate}T12:00:00Z`, "UTC") : "—";
}

/** The details page lists a campaign's latest leads, up to this many. */
export const CAMPAIGN_LEADS_LIMIT = 200;
