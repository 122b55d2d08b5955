import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { type KeysetPage, pageRequest, type PageQuery, tablePage } from "~/lists/keyset-page.server";
import type { TierId } from "~/organization/tier-catalog";
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

export const ADD_ONS_PAGE_SIZE = 25;

/** One page of the catalog, by name (spec 001 §7), by keyset as every list. */
export async function listAddOns(query: PageQuery = {}): Promise<KeysetPage<AddOn>> {
  return tablePage(
    addOns,
    pageRequest(query, ADD_ONS_PAGE_SIZE),
    { by: addOns.name, tieBreaker: addOns.id, direction: "asc", valueKind: "text" },
    (addOn) => ({ value: addOn.name, id: addOn.id }),
  );
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

export async function createAddOn(actor: Actor, input: AddOnInput): Promise<AddOn> {
  return db().transaction(async (tx) => {
    const [addOn] = await tx.insert(addOns).values(addOnValues(input)).returning();
    if (!addOn) throw new Error("The add-on was not saved");
    await recordAuditEntry(tx, actor, {
      action: "add-on.create-add-on",
      entityType: "add-on",
      entityId: addOn.id,
      summary: "Added an add-on to the catalog",
      details: { flatPriceCents: addOn.flatPriceCents, tierPricesCents: addOn.tierPricesCents, availableForTiers: addOn.availableForTiers },
    });
    return addOn;
  });
}

export async function updateAddOn(actor: Actor, addOnId: string, input: AddOnInput): Promise<void> {
  await db().transaction(async (tx) => {
    const values = addOnValues(input);
    const updated = await tx.update(addOns).set({ ...values, updatedAt: new Date() }).where(eq(addOns.id, addOnId)).returning({ id: addOns.id });
    if (updated.length === 0) throw notFound("Add-on not found");
    await recordAuditEntry(tx, actor, {
      action: "add-on.update-add-on",
      entityType: "add-on",
      entityId: addOnId,
      summary: "Updated an add-on",
      details: { flatPriceCents: values.flatPriceCents, tierPricesCents: values.tierPricesCents, availableForTiers: values.availableForTiers },
    });
  });
}

export async function setAddOnActive(actor: Actor, addOnId: string, isActive: boolean): Promise<void> {
  await db().transaction(async (tx) => {
    const updated = await tx.update(addOns).set({ isActive, updatedAt: new Date() }).where(eq(addOns.id, addOnId)).returning({ id: addOns.id });
    if (updated.length === 0) throw notFound("Add-on not found");
    await recordAuditEntry(tx, actor, {
      action: "add-on.set-active",
      entityType: "add-on",
      entityId: addOnId,
      summary: isActive ? "Switched an add-on on" : "Switched an add-on off",
      details: { isActive },
    });
  });
}

/**
 * Deletes an add-on. Invoice lines that billed it keep their description and price (their
 * add_on_id is set null by the schema); an add-on still attached to a project is refused, because
 * the project's add-ons would silently lose it: switch it off instead.
 */
export async function deleteAddOn(actor: Actor, addOnId: string): Promise<AddOn> {
  return db().transaction(async (tx) => {
    const [onProjects] = await tx.select({ value: count() }).from(projectAddOns).where(eq(projectAddOns.addOnId, addOnId));
    const attached = Number(onProjects?.value ?? 0);
    if (attached > 0) {
      throw new Refusal(`This add-on is attached to ${attached} project(s). Remove it there first, or switch it off to stop offering it.`, { status: 409 });
    }
    const [deleted] = await tx.delete(addOns).where(eq(addOns.id, addOnId)).returning();
    if (!deleted) throw notFound("Add-on not found");
    await recordAuditEntry(tx, actor, { action: "add-on.delete-add-on", entityType: "add-on", entityId: addOnId, summary: "Deleted an add-on from the catalog" });
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
  actor: Actor,
  project: { id: string; tier: TierId },
  input: { addOnId: string; quantity: number; customPrice: number | null },
): Promise<void> {
  await db().transaction(async (tx) => {
    const [addOn] = await tx.select().from(addOns).where(eq(addOns.id, input.addOnId));
    if (!addOn || !isAddOnOffered(addOn, project.tier)) {
      throw new Refusal("This add-on is not offered for the project's tier", { field: "addOnId" });
    }
    await tx
      .insert(projectAddOns)
      .values({ projectId: project.id, addOnId: addOn.id, quantity: input.quantity, customPriceCents: input.customPrice })
      .onConflictDoUpdate({
        target: [projectAddOns.projectId, projectAddOns.addOnId],
        set: { quantity: input.quantity, customPriceCents: input.customPrice },
      });
    await recordAuditEntry(tx, actor, {
      action: "project.attach-add-on",
      entityType: "project",
      entityId: project.id,
      summary: `Attached an add-on (quantity ${input.quantity}) to a project`,
      details: { addOnId: addOn.id, quantity: input.quantity, customPriceCents: input.customPrice },
    });
  });
}

export async function removeAddOnFromProject(actor: Actor, projectId: string, projectAddOnId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const deleted = await tx
      .delete(projectAddOns)
      .where(and(eq(projectAddOns.id, projectAddOnId), eq(projectAddOns.projectId, projectId)))
      .returning({ addOnId: projectAddOns.addOnId });
    const [removed] = deleted;
    if (!removed) throw notFound("Add-on not found");
    await recordAuditEntry(tx, actor, {
      action: "project.remove-add-on",
      entityType: "project",
      entityId: projectId,
      summary: "Removed an add-on from a project",
      details: { addOnId: removed.addOnId, projectAddOnId },
    });
  });
}
