import { and, asc, count, eq, sql } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import type { TierId } from "~/settings/tier-catalog";
import { DEFAULT_ADD_ONS } from "./add-on-catalog";
import type { AddOnInput } from "./add-on-forms";
import { addOnUnitPriceCents, isAddOnOffered } from "./add-on-price";
import { addOns, projectAddOns, type AddOn, type TierPricesCents } from "./schema";

/**
 * Seeds the default catalog into an empty `add_ons` table: idempotent on every start, and an admin
 * who deleted or renamed add-ons does not get the defaults back.
 */
export async function seedAddOnCatalog(tx: DatabaseExecutor): Promise<void> {
  const [row] = await tx.select({ value: count() }).from(addOns);
  if (Number(row?.value ?? 0) > 0) return;
  await tx.insert(addOns).values(DEFAULT_ADD_ONS.map((addOn) => ({ ...addOn, availableForTiers: [...addOn.availableForTiers] })));
}

/** The catalog, by name (spec 001 §7). */
export async function listAddOns(): Promise<AddOn[]> {
  return db().select().from(addOns).orderBy(asc(addOns.name), asc(addOns.id));
}

function addOnValues(input: AddOnInput) {
  const tierPrices: TierPricesCents = {};
  const typed: Record<TierId, number | null> = { "1": input.tierPrice1, "2": input.tierPrice2, "3": input.tierPrice3, "4": input.tierPrice4 };
  for (const [tier, cents] of Object.entries(typed) as [TierId, number | null][]) if (cents !== null) tierPrices[tier] = cents;
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    flatPriceCents: input.flatPrice,
    tierPricesCents: Object.keys(tierPrices).length > 0 ? tierPrices : null,
    availableForTiers: input.availableForTiers,
  };
}

export async function createAddOn(input: AddOnInput): Promise<AddOn> {
  const [addOn] = await db().insert(addOns).values(addOnValues(input)).returning();
  if (!addOn) throw new Error("The add-on was not saved");
  return addOn;
}

export async function updateAddOn(addOnId: string, input: AddOnInput): Promise<void> {
  const updated = await db().update(addOns).set({ ...addOnValues(input), updatedAt: new Date() }).where(eq(addOns.id, addOnId)).returning({ id: addOns.id });
  if (updated.length === 0) throw notFound("Add-on not found");
}

export async function setAddOnActive(addOnId: string, isActive: boolean): Promise<void> {
  const updated = await db().update(addOns).set({ isActive, updatedAt: new Date() }).where(eq(addOns.id, addOnId)).returning({ id: addOns.id });
  if (updated.length === 0) throw notFound("Add-on not found");
}

/**
 * Deletes an add-on. Invoice lines that billed it keep their description and price (their
 * add_on_id is set null by the schema); an add-on still attached to a project is refused, because
 * the project's add-ons would silently lose it: switch it off instead.
 */
export async function deleteAddOn(addOnId: string): Promise<AddOn> {
  return db().transaction(async (tx) => {
    const [onProjects] = await tx.select({ value: count() }).from(projectAddOns).where(eq(projectAddOns.addOnId, addOnId));
    const attached = Number(onProjects?.value ?? 0);
    if (attached > 0) {
      throw new Refusal(`This add-on is attached to ${attached} project(s). Remove it there first, or switch it off to stop offering it.`, { status: 409 });
    }
    const [deleted] = await tx.delete(addOns).where(eq(addOns.id, addOnId)).returning();
    if (!deleted) throw notFound("Add-on not found");
    return deleted;
  });
}

export type ProjectAddOnRow = {
  id: string;
  addOnId: string;
  name: string;
  category: string | null;
  quantity: number;
  customPriceCents: number | null;
  /** By the spec's rule: custom price, else flat, else the tier's price; null when none applies. */
  unitPriceCents: number | null;
  totalCents: number | null;
};

/** A project's add-ons with the add-on's name and pricing joined, priced for the project's tier. */
export async function listProjectAddOns(projectId: string, tier: TierId): Promise<ProjectAddOnRow[]> {
  const rows = await db()
    .select({ projectAddOn: projectAddOns, addOn: addOns })
    .from(projectAddOns)
    .innerJoin(addOns, eq(addOns.id, projectAddOns.addOnId))
    .where(eq(projectAddOns.projectId, projectId))
    .orderBy(asc(projectAddOns.createdAt), asc(projectAddOns.id));
  return rows.map(({ projectAddOn, addOn }) => {
    const unitPriceCents = addOnUnitPriceCents(addOn, tier, projectAddOn.customPriceCents);
    return {
      id: projectAddOn.id,
      addOnId: addOn.id,
      name: addOn.name,
      category: addOn.category,
      quantity: projectAddOn.quantity,
      customPriceCents: projectAddOn.customPriceCents,
      unitPriceCents,
      totalCents: unitPriceCents === null ? null : unitPriceCents * projectAddOn.quantity,
    };
  });
}

/** Add-ons that may be attached to a project of this tier: active and available for it. */
export async function listAddOnsOfferedFor(tier: TierId): Promise<AddOn[]> {
  const active = await db()
    .select()
    .from(addOns)
    .where(and(eq(addOns.isActive, true), sql`${tier} = any(${addOns.availableForTiers})`))
    .orderBy(asc(addOns.name));
  return active.filter((addOn) => isAddOnOffered(addOn, tier));
}

/**
 * Attaches an add-on to a project (one row per add-on: attaching it again sets the new quantity
 * and price). Only an active add-on offered for the project's tier.
 */
export async function attachAddOnToProject(
  project: { id: string; tier: TierId },
  input: { addOnId: string; quantity: number; customPrice: number | null },
): Promise<void> {
  const [addOn] = await db().select().from(addOns).where(eq(addOns.id, input.addOnId));
  if (!addOn || !isAddOnOffered(addOn, project.tier)) {
    throw new Refusal("This add-on is not offered for the project's tier", { field: "addOnId" });
  }
  await db()
    .insert(projectAddOns)
    .values({ projectId: project.id, addOnId: addOn.id, quantity: input.quantity, customPriceCents: input.customPrice })
    .onConflictDoUpdate({
      target: [projectAddOns.projectId, projectAddOns.addOnId],
      set: { quantity: input.quantity, customPriceCents: input.customPrice },
    });
}

export async function removeAddOnFromProject(projectId: string, projectAddOnId: string): Promise<void> {
  const deleted = await db()
    .delete(projectAddOns)
    .where(and(eq(projectAddOns.id, projectAddOnId), eq(projectAddOns.projectId, projectId)))
    .returning({ id: projectAddOns.id });
  if (deleted.length === 0) throw notFound("Add-on not found");
}
