import type { PackageTier } from "~/settings/schema";
import { LEAD_TIERS } from "./lead-options";

// How a lead is named in the e-mails it receives. Pure: lead capture and the cadence worker fill
// templates with the same words.

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** "Tier 1 – Starter" from the catalog, or the vertical the lead chose ("a catering website"). */
export function leadTierLabel(tier: string | null | undefined, tiers: readonly Pick<PackageTier, "tier" | "name">[]): string {
  if (!tier) return "your website";
  const fromCatalog = tiers.find((entry) => entry.tier === tier);
  if (fromCatalog) return `Tier ${fromCatalog.tier} – ${fromCatalog.name}`;
  if (tier === "catering") return "a catering website";
  if (tier === "rentals") return "a party-rental website";
  return LEAD_TIERS.find((entry) => entry.value === tier)?.label ?? tier;
}
