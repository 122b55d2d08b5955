import type { NoAuditDetails } from "~/audit/audit-actions";
import type { AddOn } from "./schema";

type AddOnPrices = Pick<AddOn, "flatPriceCents" | "tierPricesCents" | "availableForTiers">;

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "add-on.create-add-on": AddOnPrices;
    "add-on.update-add-on": AddOnPrices;
    "add-on.set-active": { isActive: boolean };
    "add-on.delete-add-on": NoAuditDetails;
    "project.attach-add-on": { addOnId: string; quantity: number; customPriceCents: number | null | undefined };
    /** Add-ons sold with a signed proposal, put on its new project at their agreed prices. */
    "project.attach-sold-add-ons": { addOnIds: string[] };
    "project.remove-add-on": { addOnId: string; projectAddOnId: string };
  }
}
