import { PackagePlus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { centsToDollarsInput, formatCents } from "~/formatting/money";
import type { ProjectAddOnRow } from "~/add-ons/add-ons.server";
import type { AddOn } from "~/add-ons/schema";
import { useFormAction, useFormDialog } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { addOnUnitPriceCents } from "~/add-ons/add-on-price";
import type { TierId } from "~/settings/tier-catalog";

/** The project's add-ons, priced by the spec's rule (custom, else flat, else the tier's price); the invoices bill them. */
export function ProjectAddOnsPanel({ addOns, offered, tier }: { addOns: ProjectAddOnRow[]; offered: AddOn[]; tier: TierId }) {
  const total = addOns.reduce((sum, row) => sum + (row.totalCents ?? 0), 0);
  // One form for removing, here and not in the row: the row is gone once removed, and its toast with it.
  const remove = useFormAction({ intent: "remove-add-on" });
  const removing = remove.fetcher.formData?.get("projectAddOnId");
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle as="h2">Add-Ons</CardTitle>
        <AttachAddOnDialog offered={offered} tier={tier} />
      </CardHeader>
      <CardContent>
        {addOns.length === 0 ? (
          <p className="text-sm text-muted-foreground">No add-ons on this project.</p>
        ) : (
          <table className="w-full text-sm" aria-label="Project add-ons">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-1 font-medium">Add-on</th>
                <th className="py-1 text-right font-medium">Qty</th>
                <th className="py-1 text-right font-medium">Price</th>
                <th className="py-1 text-right font-medium">Total</th>
                <th className="py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {addOns.map((row) => (
                <tr key={row.id}>
                  <td className="py-2">
                    {row.name}
                    {row.customPriceCents !== null ? <span className="ml-1 text-xs text-muted-foreground">(custom price)</span> : null}
                  </td>
                  <td className="py-2 text-right">{row.quantity}</td>
                  <td className="py-2 text-right">{row.unitPriceCents === null ? "—" : formatCents(row.unitPriceCents)}</td>
                  <td className="py-2 text-right">{row.totalCents === null ? "—" : formatCents(row.totalCents)}</td>
                  <td className="py-2 text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Remove ${row.name}`}
                      disabled={removing === row.id}
                      onClick={() => void remove.fetcher.submit({ intent: "remove-add-on", projectAddOnId: row.id }, { method: "post" })}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t font-medium">
                <td className="py-2" colSpan={3}>
                  Add-ons total
                </td>
                <td className="py-2 text-right">{formatCents(total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function AttachAddOnDialog({ offered, tier }: { offered: AddOn[]; tier: TierId }) {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "attach-add-on" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PackagePlus className="size-4" aria-hidden="true" /> Attach Add-On
        </Button>
      </DialogTrigger>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>Attach Add-On</DialogTitle>
          <DialogDescription>
            Active add-ons offered for Tier {tier}. Without a custom price, the add-on&apos;s flat price applies, else its price for this tier.
          </DialogDescription>
        </DialogHeader>
        {offered.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No active add-on is offered for this tier. <Link to="/admin/add-ons" className="underline">Open the Add-On Catalog</Link>.
          </p>
        ) : (
          <fetcher.Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="attach-add-on" />
            <FormField label="Add-on" name="addOnId" required error={errors.addOnId}>
              <NativeSelect defaultValue={values.addOnId ?? ""}>
                <NativeSelectOption value="">Choose an add-on</NativeSelectOption>
                {offered.map((addOn) => {
                  const price = addOnUnitPriceCents(addOn, tier);
                  return (
                    <NativeSelectOption key={addOn.id} value={addOn.id}>
                      {addOn.name} — {price === null ? "no price for this tier" : formatCents(price)}
                    </NativeSelectOption>
                  );
                })}
              </NativeSelect>
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Quantity" name="quantity" required error={errors.quantity}>
                <Input type="number" min={1} max={999} step={1} defaultValue={values.quantity ?? "1"} />
              </FormField>
              <FormField label="Custom price (optional)" name="customPrice" error={errors.customPrice} description="Per unit, in dollars.">
                <Input type="number" min={0} step={0.01} inputMode="decimal" defaultValue={values.customPrice ?? centsToDollarsInput(null)} />
              </FormField>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                Attach Add-On
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
