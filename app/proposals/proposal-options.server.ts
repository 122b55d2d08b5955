import { asc, eq, inArray } from "drizzle-orm";
import { addOnUnitPriceCents } from "~/add-ons/add-on-price";
import { addOns } from "~/add-ons/schema";
import type { DatabaseExecutor } from "~/db/connection.server";
import { packageTiers } from "~/organization/schema";
import type { TierId } from "~/organization/tier-catalog";
import { Refusal } from "~/refusal/refusal";
import { proposalOptions, type ProposalOption } from "./schema";

export type OptionChoice = { tiers: readonly TierId[]; includedAddOns: readonly string[]; optionalAddOns: readonly string[] };

/**
 * The proposal's packages and add-ons at the catalogue's prices of now (a flat add-on price, else
 * its price for the first package offered): replaces what it offered before.
 */
export async function saveProposalOptions(tx: DatabaseExecutor, proposalId: string, choice: OptionChoice): Promise<void> {
  const tiers = await tx.select().from(packageTiers).where(inArray(packageTiers.tier, [...choice.tiers])).orderBy(asc(packageTiers.sortOrder));
  if (tiers.length !== choice.tiers.length) throw new Refusal("Choose packages of the catalogue", { field: "tiers" });
  const addOnIds = [...choice.includedAddOns, ...choice.optionalAddOns];
  const found = addOnIds.length > 0 ? await tx.select().from(addOns).where(inArray(addOns.id, addOnIds)) : [];
  if (found.length !== new Set(addOnIds).size) throw new Refusal("Choose add-ons of the catalogue", { field: "optionalAddOns" });
  const firstTier = tiers[0]?.tier ?? "1";
  await tx.delete(proposalOptions).where(eq(proposalOptions.proposalId, proposalId));
  const rows = [
    ...tiers.map((tier, index) => ({ proposalId, kind: "tier" as const, tier: tier.tier, addOnId: null, name: `Tier ${tier.tier} – ${tier.name}`, priceCents: tier.priceCents, included: false, sortOrder: index })),
    ...found.map((addOn, index) => ({
      proposalId,
      kind: "add_on" as const,
      tier: null,
      addOnId: addOn.id,
      name: addOn.name,
      priceCents: addOnUnitPriceCents(addOn, firstTier) ?? 0,
      included: choice.includedAddOns.includes(addOn.id),
      sortOrder: 100 + index,
    })),
  ];
  if (rows.length > 0) await tx.insert(proposalOptions).values(rows);
}

export async function optionsOf(executor: DatabaseExecutor, proposalId: string): Promise<ProposalOption[]> {
  return executor.select().from(proposalOptions).where(eq(proposalOptions.proposalId, proposalId)).orderBy(asc(proposalOptions.sortOrder));
}
