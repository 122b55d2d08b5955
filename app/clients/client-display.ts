import type { PackageTier } from "~/settings/schema";

// How the client screens show tiers and statuses. Pure: used by the list and the detail page.

/** The tiers' names as the editable tier table has them (settings), passed from the loader. */
export type TierNames = Pick<PackageTier, "tier" | "name">[];

/** "Growth"; a tier missing from the table is named by its number. */
export function tierName(tiers: TierNames, tier: string): string {
  return tiers.find((entry) => entry.tier === tier)?.name ?? `Tier ${tier}`;
}

/** "Tier 2 – Growth". */
export function tierLabel(tiers: TierNames, tier: string): string {
  return `Tier ${tier} – ${tierName(tiers, tier)}`;
}

export function statusVariant(status: string) {
  if (["active", "paid", "completed", "confirmed"].includes(status)) return "success" as const;
  if (["archived", "cancelled", "refunded"].includes(status)) return "secondary" as const;
  if (["unpaid", "overdue"].includes(status)) return "destructive" as const;
  return "outline" as const;
}

export const humanize = (value: string) => value.replace(/_/g, " ");
