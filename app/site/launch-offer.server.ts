import { readTouchParams } from "~/attribution/attribution";
import { firstTouchOf } from "~/attribution/attribution-cookie.server";
import { findAttributableCampaign } from "~/attribution/attribution.server";
import { db } from "~/db/connection.server";
import { isDatabaseUnreachable } from "~/http/database-outage";
import type { OrganizationSettings, PackageTier } from "~/organization/schema";
import { launchOfferPrices } from "~/organization/tier-catalog";
import type { LaunchOffer } from "./launch-offer";

/**
 * The launch offer a public page states to this visitor: the catalog's prices, and the days a
 * code claimed now would last by the claim's own rule (app/leads/promo-codes.server.ts): the
 * active campaign the visitor came through (their first touch, or the tracked link of this very
 * request before the cookie is set), else the Promos setting. A kept page is rendered for no
 * visitor, so it states the setting; a visitor with a campaign's touch is never sent a kept page
 * (app/site/kept-public-pages.server.ts).
 */
export async function launchOfferFor(request: Request, settings: OrganizationSettings, tiers: readonly PackageTier[]): Promise<LaunchOffer> {
  const campaignDays = await touchedCampaignDays(request);
  return { ...launchOfferPrices(tiers), promoDays: campaignDays ?? settings.promoDurationDays };
}

async function touchedCampaignDays(request: Request): Promise<number | null> {
  const slug = (firstTouchOf(request) ?? readTouchParams(new URL(request.url).searchParams))?.campaign;
  if (!slug) return null;
  try {
    return (await findAttributableCampaign(db(), slug))?.promoDurationDays ?? null;
  } catch (error) {
    // The database away: the page still shows, with the setting's days (decision 045's public site).
    if (isDatabaseUnreachable(error)) return null;
    throw error;
  }
}
