import PackagePlus from "lucide-react/icons/package-plus";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { Link } from "react-router";
import { addOnUnitPriceCents } from "./add-on-price";
import type { ProjectAddOnRow } from "./add-ons.server";
import type { AddOn } from "./schema";
import { FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { formatCents } from "~/formatting/money";
import { DataTable } from "~/lists/data-table";
import type { TierId } from "~/organization/tier-catalog";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { projectPath } from "~/projects/project-task-dialogs";

/** The project's add-ons, priced by the spec's rule (custom, else flat, else the tier's price); the invoices bill them. */
export function ProjectAddOnsPanel({ projectId, addOns, offered, tier }: { projectId: string; addOns: ProjectAddOnRow[]; offered: AddOn[]; tier: TierId }) {
  const total = addOns.reduce((sum, row) => sum + (row.totalCents ?? 0), 0);
  const [attaching, setAttaching] = React.useState(false);
  // One form for removing, here and not in the row: the row is gone once removed, and its toast with it.
  const remove = useFormAction({ intent: "remove-add-on" });
  const removing = remove.fetcher.formData?.get("projectAddOnId");
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle as="h2">Add-Ons</CardTitle>
        {offered.length > 0 ? (
          <Button variant="outline" size="sm" onClick={() => setAttaching(true)} icon={PackagePlus}>
            Attach Add-On
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {offered.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No active add-on is offered for Tier {tier}. <Link to="/admin/add-ons" className="underline">Open the Add-On Catalog</Link>.
          </p>
        ) : null}
        <DataTable
          label="Project add-ons"
          rows={addOns}
          emptyMessage="No add-ons on this project."
          columns={[
            {
              id: "name",
              header: "Add-on",
              cell: (row) => (
                <>
                  {row.name}
                  {row.customPriceCents !== null ? <span className="ml-1 text-xs text-muted-foreground">(custom price)</span> : null}
                </>
              ),
            },
            { id: "quantity", header: "Qty", className: "text-right tabular-nums", cell: (row) => row.quantity },
            { id: "price", header: "Price", className: "text-right tabular-nums", cell: (row) => (row.unitPriceCents === null ? "—" : formatCents(row.unitPriceCents)) },
            { id: "total", header: "Total", className: "text-right tabular-nums", cell: (row) => (row.totalCents === null ? "—" : formatCents(row.totalCents)) },
            {
              id: "actions",
              header: "Actions",
              srOnlyHeader: true,
              className: "text-right",
              cell: (row) => (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Remove ${row.name}`}
                  disabled={removing === row.id}
                  onClick={() => void remove.fetcher.submit({ intent: "remove-add-on", projectAddOnId: row.id }, { method: "post", action: projectPath(projectId) })}
                 icon={Trash2} />
              ),
            },
          ]}
        />
        {addOns.length > 0 ? (
          <p className="flex justify-between text-sm font-medium">
            <span>Add-ons total</span>
            <span className="tabular-nums">{formatCents(total)}</span>
          </p>
        ) : null}
      </CardContent>
      <FormDialog
        open={attaching}
        onOpenChange={setAttaching}
        width="md"
        title="Attach Add-On"
        description={`Active add-ons offered for Tier ${tier}. Without a custom price, the add-on's flat price applies, else its price for this tier.`}
        action={projectPath(projectId)}
        intent="attach-add-on"
        submitLabel="Attach Add-On"
      >
        {({ errors, values }) => (
          <>
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
                <Input type="number" min={0} step={0.01} inputMode="decimal" defaultValue={values.customPrice} />
              </FormField>
            </div>
          </>
        )}
      </FormDialog>
    </Card>
  );
}
