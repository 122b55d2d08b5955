import { firstName } from "~/email/template-variables";
import { choiceLabel } from "~/formatting/choices";
import { formatDate } from "~/formatting/dates";
import type { PackageTier } from "~/organization/schema";
import { launchOfferPrices } from "~/organization/tier-catalog";
import { LEAD_TIERS } from "./lead-options";
import type { Lead } from "./schema";

// How a lead is named in the e-mails it receives. Pure: lead capture, the promo e-mail, cadences
// and campaign sends fill templates with the same words ({{Tier}} is "Tier 1 – Starter" in each).

/** "Tier 1 – Starter" from the catalog, or the vertical the lead chose ("a catering website"). */
export function leadTierLabel(tier: string | null | undefined, tiers: readonly Pick<PackageTier, "tier" | "name">[]): string {
  if (!tier) return "your website";
  const fromCatalog = tiers.find((entry) => entry.tier === tier);
  if (fromCatalog) return `Tier ${fromCatalog.tier} – ${fromCatalog.name}`;
  if (tier === "catering") return "a catering website";
  if (tier === "rentals") return "a party-rental website";
  return choiceLabel(LEAD_TIERS, tier) ?? tier;
}

/** What every e-mail to a lead knows besides the lead: the catalogue's tiers, the business's zone and name, the current offer. */
export type LeadMailContext = {
  tiers: readonly Pick<PackageTier, "tier" | "name" | "priceCents" | "promoPriceCents">[];
  timeZone: string;
  companyName: string;
  offer: string;
};

/** The one set of a lead's template variables; a value the lead lacks is empty, never a raw placeholder. */
export function leadTemplateVariables(
  lead: Pick<Lead, "name" | "email" | "phone" | "tier" | "promoCode" | "promoExpiresAt" | "source">,
  context: LeadMailContext,
): Record<string, string> {
  return {
    FirstName: firstName(lead.name),
    LeadName: lead.name,
    LeadEmail: lead.email,
    LeadPhone: lead.phone ?? "",
    Tier: leadTierLabel(lead.tier, context.tiers),
    Offer: context.offer,
    PromoPrice: launchOfferPrices(context.tiers).promoPrice,
    PromoCode: lead.promoCode ?? "",
    ExpiryDate: lead.promoExpiresAt ? formatDate(lead.promoExpiresAt, context.timeZone) : "",
    CompanyName: context.companyName,
    Source: lead.source,
  };
}
