import type { TierId } from "~/settings/tier-catalog";

// The add-on price rule (spec 001 §9), pure. NOTE for the merge: the projects/add-ons work (issue 14)
// writes the same rule for its add-on screens; keep ONE of the two and point the other at it.

export type AddOnPricing = {
  /** The project's own price for this add-on, if the admin set one. */
  customPriceCents: number | null;
  flatPriceCents: number | null;
  tierPricesCents: Partial<Record<TierId, number>> | null;
};

/** The custom price, else the flat price, else the tier-based price for the tier; null when none applies. */
export function addOnPriceCents(pricing: AddOnPricing, tier: TierId): number | null {
  if (pricing.customPriceCents !== null) return pricing.customPriceCents;
  if (pricing.flatPriceCents !== null) return pricing.flatPriceCents;
  const tierPrice = pricing.tierPricesCents?.[tier];
  return typeof tierPrice === "number" ? tierPrice : null;
}
