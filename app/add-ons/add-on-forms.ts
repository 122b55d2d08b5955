import { recordId } from "~/forms/record-id";
import { optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "~/organization/tier-catalog";
import { optionalDollarsField } from "~/forms/money-field";

// The add-on forms: one zod schema each, used by the dialogs and again by the actions.

/** A price in dollars; empty is "no price". Stored in cents. */
const optionalPrice = optionalDollarsField("Enter a price like 49.99", { max: 100_000_000 });

const tierList = z.preprocess(
  (value) => (Array.isArray(value) ? value : value ? [value] : []),
  z.array(z.enum(TIER_IDS, "Choose tiers 1 to 4")).min(1, "Choose at least one tier"),
);

/** The create/edit dialog. Pricing: a flat price and/or a price per tier. */
export const addOnSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Use at most 120 characters"),
  description: optionalText(2000),
  category: optionalText(60),
  flatPrice: optionalPrice,
  tierPrice1: optionalPrice,
  tierPrice2: optionalPrice,
  tierPrice3: optionalPrice,
  tierPrice4: optionalPrice,
  availableForTiers: tierList,
});
export type AddOnInput = z.infer<typeof addOnSchema>;

export const addOnIdSchema = z.object({ addOnId: recordId("Add-on not found") });
export const addOnActiveSchema = addOnIdSchema.extend({ isActive: z.enum(["true", "false"]).transform((value) => value === "true") });

/** Attach an add-on to a project: quantity at least 1, an optional custom price. */
export const attachAddOnSchema = z.object({
  addOnId: recordId("Choose an add-on"),
  quantity: z.coerce.number({ error: "Enter a quantity" }).int("Enter a whole quantity").min(1, "At least 1").max(999, "At most 999"),
  customPrice: optionalPrice,
});
export const projectAddOnIdSchema = z.object({ projectAddOnId: recordId("Add-on not found") });
