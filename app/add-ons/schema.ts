import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { recordKey, createdAt, updatedAt, requiredReference } from "~/db/columns";
import { projects } from "~/projects/schema";
import { TIER_IDS, type TierId } from "~/organization/tier-catalog";

/** Per-tier prices in cents, e.g. { "1": 5000, "3": 15000 }; a missing tier has no tier price. */
export type TierPricesCents = Partial<Record<TierId, number>>;

export const addOns = pgTable(
  "add_ons",
  {
    id: recordKey(),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category"),
    // Price resolution (spec 001 §9): project custom price, else flat price, else the tier price.
    flatPriceCents: integer("flat_price_cents"),
    tierPricesCents: jsonb("tier_prices_cents").$type<TierPricesCents>(),
    availableForTiers: text("available_for_tiers", { enum: TIER_IDS })
      .array()
      .notNull()
      .default(sql`'{1,2,3,4}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("add_ons_flat_price_cents_check", sql`${t.flatPriceCents} IS NULL OR ${t.flatPriceCents} >= 0`)],
);

export const projectAddOns = pgTable(
  "project_add_ons",
  {
    id: recordKey(),
    projectId: requiredReference("project_id", () => projects.id, "cascade"),
    // Restrict: an add-on sold on a project can't vanish from under it; deactivate it instead.
    addOnId: requiredReference("add_on_id", () => addOns.id, "restrict"),
    quantity: integer("quantity").notNull().default(1),
    customPriceCents: integer("custom_price_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per add-on per project; more of it is `quantity`.
    unique("project_add_ons_project_add_on_unique").on(t.projectId, t.addOnId),
    index("project_add_ons_add_on_idx").on(t.addOnId),
    check("project_add_ons_quantity_check", sql`${t.quantity} >= 1`),
    check("project_add_ons_custom_price_check", sql`${t.customPriceCents} IS NULL OR ${t.customPriceCents} >= 0`),
  ],
);

export type AddOn = typeof addOns.$inferSelect;
