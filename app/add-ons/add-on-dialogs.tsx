import { useFormAction } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Switch } from "~/ui/switch";
import { Textarea } from "~/ui/textarea";
import { TIER_IDS } from "~/settings/tier-catalog";
import { centsToDollarsInput } from "~/formatting/money";
import type { AddOn } from "./schema";

/** Create (addOn null) or edit an add-on. A refusal keeps the dialog open with what was typed. */
export function AddOnDialog({ open, addOn, onOpenChange, tierNames }: { open: boolean; addOn: AddOn | null; onOpenChange: (open: boolean) => void; tierNames: Record<string, string> }) {
  const intent = addOn ? "update-add-on" : "create-add-on";
  const { fetcher, busy, errors, values } = useFormAction({ intent, open, onSuccess: () => onOpenChange(false) });
  const refused = Object.keys(values).length > 0;
  const value = (name: string, stored: string | null | undefined) => (refused ? (values[name] ?? "") : (stored ?? ""));
  const tierPrice = (tier: (typeof TIER_IDS)[number]) => value(`tierPrice${tier}`, centsToDollarsInput(addOn?.tierPricesCents?.[tier]));
  // Uncontrolled: a refused dialog stays mounted, so the boxes keep what was ticked.
  const offeredFor = (tier: (typeof TIER_IDS)[number]) => (addOn?.availableForTiers ?? TIER_IDS).includes(tier);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>{addOn ? "Edit Add-On" : "New Add-On"}</DialogTitle>
          <DialogDescription>A flat price, a price per tier, or both: on a project the flat price wins, else the project&apos;s tier price.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={intent} />
          {addOn ? <input type="hidden" name="addOnId" value={addOn.id} /> : null}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {addOn ? "Save Add-On" : "Create Add-On"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
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
      onCheckedChange={(next) => void fetcher.submit({ intent: "set-active", addOnId: addOn.id, isActive: String(next) }, { method: "post" })}
    />
  );
}

export function DeleteAddOnDialog({ addOn, onOpenChange }: { addOn: AddOn | null; onOpenChange: (open: boolean) => void }) {
  const { fetcher, busy } = useFormAction({ intent: "delete-add-on", open: addOn !== null, onSuccess: () => onOpenChange(false) });
  return (
    <AlertDialog open={addOn !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this add-on?</AlertDialogTitle>
          <AlertDialogDescription>
            {addOn?.name} leaves the catalog. Invoices that billed it keep their lines. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete-add-on" />
          <input type="hidden" name="addOnId" value={addOn?.id ?? ""} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
