// The add-on price rule (spec 001 §9), pure: the catalog, the project's add-ons and invoices use it.

import type { TierId } from "~/organization/tier-catalog";

export type AddOnPricing = {
  flatPriceCents: number | null;
  tierPricesCents: Partial<Record<TierId, number>> | null;
};

/** The unit price of an add-on on a project: its custom price, else the flat price, else the price for the project's tier; null when none applies. */
export function addOnUnitPriceCents(addOn: AddOnPricing, tier: TierId, customPriceCents: number | null = null): number | null {
  if (customPriceCents !== null) return customPriceCents;
  if (addOn.flatPriceCents !== null) return addOn.flatPriceCents;
  return addOn.tierPricesCents?.[tier] ?? null;
}

/** Whether an add-on may be attached to a project of this tier: active and offered for the tier. */
export function isAddOnOffered(addOn: { isActive: boolean; availableForTiers: readonly string[] }, tier: TierId): boolean {
  return addOn.isActive && addOn.availableForTiers.includes(tier);
}
