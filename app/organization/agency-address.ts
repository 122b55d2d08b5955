import type { OrganizationSettings } from "./schema";

/** Where the agency's notifications go (a new lead, a booking, a payment, a signed contract): its notification address, else its reply-to. */
export function agencyAddress(settings: Pick<OrganizationSettings, "agencyNotificationEmail" | "replyToEmail">): string | null {
  return settings.agencyNotificationEmail ?? settings.replyToEmail ?? null;
}
