import { config } from "~/config.server";
import type { OrganizationSettings } from "./schema";

/**
 * Where the client portal lives, for the mail and pages that link to it (invoices, bookings, the
 * sign-in link) without knowing the portal itself: the portal sits above every domain it shows, so
 * they ask the organization's switch here instead (decision 033).
 */
export const CLIENT_PORTAL_PATH = "/portal";

/** The portal's address, or null while Settings › Organization has it switched off. */
export function clientPortalLink(settings: Pick<OrganizationSettings, "clientPortalEnabled">): string | null {
  return settings.clientPortalEnabled ? `${config().publicUrl}${CLIENT_PORTAL_PATH}` : null;
}
