import { FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { centsToDollarsInput } from "~/formatting/money";
import type { RowDeletion } from "~/lists/row-deletion";
import type { TierNames } from "~/organization/tier-names";
import { TIER_IDS } from "~/organization/tier-catalog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Switch } from "~/ui/switch";
import { Textarea } from "~/ui/textarea";
import type { AddOn } from "./schema";

/** Where the catalog's forms post: its page's action. */
const ADD_ONS_URL = "/admin/add-ons";

/** Create (`editing` "new") or edit an add-on. A refusal keeps the dialog open with what was typed. */
export function AddOnDialog({ editing, onOpenChange, tierNames }: { editing: AddOn | "new" | null; onOpenChange: (open: boolean) => void; tierNames: TierNames }) {
  const addOn = editing === "new" ? null : editing;
  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={onOpenChange}
      width="md"
      title={addOn ? "Edit Add-On" : "New Add-On"}
      description="A flat price, a price per tier, or both: on a project the flat price wins, else the project's tier price."
      action={ADD_ONS_URL}
      intent={addOn ? "update-add-on" : "create-add-on"}
      fields={{ addOnId: addOn?.id }}
      submitLabel={addOn ? "Save Add-On" : "Create Add-On"}
    >
      {({ errors, values }) => {
        const refused = Object.keys(values).length > 0;
        const value = (name: string, stored: string | null | undefined) => (refused ? (values[name] ?? "") : (stored ?? ""));
        const tierPrice = (tier: (typeof TIER_IDS)[number]) => value(`tierPrice${tier}`, centsToDollarsInput(addOn?.tierPricesCents?.[tier]));
        // Uncontrolled: a refused dialog stays mounted, so the boxes keep what was ticked.
        const offeredFor = (tier: (typeof TIER_IDS)[number]) => (addOn?.availableForTiers ?? TIER_IDS).includes(tier);
        return (
          <>
            <FormField label="Name" name="name" required error={errors.name}>
              <Input defaultValue={value("name", addOn?.name)} maxLength={120} autoComplete="off" />
            </FormField>
            <FormField label="Description" name="description" error={errors.description}>
              <Textarea defaultValue={value("description", addOn?.description)} rows={2} maxLength={2000} />
            </FormField>
            <FormField label="Category" name="category" error={errors.category}>
              <Input defaultValue={value("category", addOn?.category)} maxLength={60} placeholder="e.g. Pages, Branding, Integrations" />
            </FormField>
            <FormField label="Flat price ($)" name="flatPrice" error={errors.flatPrice}>
              <Input type="number" min={0} step={0.01} inputMode="decimal" defaultValue={value("flatPrice", centsToDollarsInput(addOn?.flatPriceCents))} />
            </FormField>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Price per tier ($)</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {TIER_IDS.map((tier) => (
                  <FormField key={tier} label={`Tier ${tier}`} name={`tierPrice${tier}`} error={errors[`tierPrice${tier}`]}>
                    <Input type="number" min={0} step={0.01} inputMode="decimal" defaultValue={tierPrice(tier)} />
                  </FormField>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Available for tiers</legend>
              <div className="flex flex-wrap gap-4">
                {TIER_IDS.map((tier) => (
                  <label key={tier} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="availableForTiers" value={tier} defaultChecked={offeredFor(tier)} className="size-4" />
                    Tier {tier}
                    {tierNames[tier] ? <span className="text-muted-foreground">– {tierNames[tier]}</span> : null}
                  </label>
                ))}
              </div>
              {errors.availableForTiers ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {errors.availableForTiers}
                </p>
              ) : null}
            </fieldset>
          </>
        );
      }}
    </FormDialog>
  );
}

export function ActiveSwitch({ addOn }: { addOn: AddOn }) {
  const { fetcher } = useFormAction({ intent: "set-active" });
  const optimistic = fetcher.formData?.get("isActive");
  const checked = typeof optimistic === "string" ? optimistic === "true" : addOn.isActive;
  return (
    <Switch
      checked={checked}
      aria-label={`${addOn.name} active`}
      onCheckedChange={(next) => void fetcher.submit({ intent: "set-active", addOnId: addOn.id, isActive: String(next) }, { method: "post", action: ADD_ONS_URL })}
    />
  );
}

/** Deleting an add-on from the catalog (a row's menu). */
export const ADD_ON_DELETION: RowDeletion = {
  noun: "add-on",
  plural: "add-ons",
  action: ADD_ONS_URL,
  intent: "delete-add-on",
  field: "addOnId",
  note: "It leaves the catalog. Invoices that billed it keep their lines.",
};
