import type { PackageTier } from "./schema";

// How the back-office names a tier: from the editable tier table (Settings), which the loader reads
// and passes on as { "1": "Starter", … }. Pure: used by the clients, projects and add-on screens.

export type TierNames = Record<string, string>;

export function tierNamesOf(tiers: readonly Pick<PackageTier, "tier" | "name">[]): TierNames {
  return Object.fromEntries(tiers.map(({ tier, name }) => [tier, name]));
}

/** "Growth Site"; a tier missing from the table is named by its number. */
export function tierName(tier: string, names: TierNames): string {
  return names[tier] ?? `Tier ${tier}`;
}

/** "Tier 2 – Growth Site", or "Tier 2" when the table lacks it. */
export function tierLabel(tier: string, names: TierNames): string {
  return names[tier] ? `Tier ${tier} – ${names[tier]}` : `Tier ${tier}`;
}
