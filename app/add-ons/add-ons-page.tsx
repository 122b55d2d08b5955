import { MoreHorizontal, Plus } from "lucide-react";
import * as React from "react";
import { useLoaderData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { listPackageTiers } from "~/settings/settings.server";
import { Button } from "~/ui/button";
import { DataTable, type DataTableColumn } from "~/lists/data-table";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/ui/dropdown-menu";
import { formatCents } from "~/formatting/money";
import type { Route } from "./+types/add-ons-page";
import { ActiveSwitch, AddOnDialog, DeleteAddOnDialog } from "./add-on-dialogs";
import { addOnActiveSchema, addOnIdSchema, addOnSchema } from "./add-on-forms";
import { createAddOn, deleteAddOn, listAddOns, setAddOnActive, updateAddOn } from "./add-ons.server";
import type { AddOn } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Add-On Catalog | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [addOns, tiers] = await Promise.all([listAddOns(), listPackageTiers()]);
  return { addOns, tierNames: Object.fromEntries(tiers.map((tier) => [tier.tier, tier.name])) };
}

const done = (toast: string): FormSuccess => ({ ok: true, toast });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return answerForm(request, {
    "create-add-on": async (form) => {
      const addOn = await createAddOn(parseForm(addOnSchema, form));
      return done(`${addOn.name} added to the catalog`);
    },
    "update-add-on": async (form) => {
      const { addOnId } = parseForm(addOnIdSchema, form);
      await updateAddOn(addOnId, parseForm(addOnSchema, form));
      return done("Add-on updated successfully");
    },
    "set-active": async (form) => {
      const { addOnId, isActive } = parseForm(addOnActiveSchema, form);
      await setAddOnActive(addOnId, isActive);
      return done(isActive ? "Add-on active" : "Add-on inactive");
    },
    "delete-add-on": async (form) => {
      const deleted = await deleteAddOn(parseForm(addOnIdSchema, form).addOnId);
      return done(`${deleted.name} deleted`);
    },
  });
}

/** "$150 flat", "T1 $75 · T2 $60": what the catalog charges, before a project's custom price. */
function Pricing({ addOn }: { addOn: AddOn }) {
  const tiers = Object.entries(addOn.tierPricesCents ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (addOn.flatPriceCents === null && tiers.length === 0) return <span className="text-muted-foreground">No price</span>;
  return (
    <div className="grid text-sm">
      {addOn.flatPriceCents !== null ? <span>{formatCents(addOn.flatPriceCents)} flat</span> : null}
      {tiers.length > 0 ? (
        <span className={addOn.flatPriceCents !== null ? "text-xs text-muted-foreground" : undefined}>
          {tiers.map(([tier, cents]) => `T${tier} ${formatCents(cents)}`).join(" · ")}
        </span>
      ) : null}
    </div>
  );
}

export default function AddOnsPage() {
  const { addOns, tierNames } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [editing, setEditing] = React.useState<{ addOn: AddOn | null } | null>(null);
  const [deleting, setDeleting] = React.useState<AddOn | null>(null);

  const columns: DataTableColumn<AddOn>[] = [
    {
      id: "name",
      header: "Name",
      cell: (addOn) => (
        <div className="grid max-w-md">
          <span className="font-medium">{addOn.name}</span>
          {addOn.description ? <span className="text-xs text-muted-foreground">{addOn.description}</span> : null}
        </div>
      ),
    },
    { id: "category", header: "Category", cell: (addOn) => addOn.category ?? "—" },
    { id: "pricing", header: "Pricing", cell: (addOn) => <Pricing addOn={addOn} /> },
    { id: "tiers", header: "Tiers", cell: (addOn) => addOn.availableForTiers.map((tier) => `Tier ${tier}`).join(", "), className: "whitespace-nowrap" },
    { id: "active", header: "Active", cell: (addOn) => <ActiveSwitch addOn={addOn} /> },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (addOn) => (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${addOn.name}`}>
              <MoreHorizontal className="size-4" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setEditing({ addOn })}>Edit</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(addOn)}>
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Add-On Catalog</h1>
          <p className="text-muted-foreground">Extras you sell with a package. Attach them to a project; its invoice bills them.</p>
        </div>
        <Button onClick={() => setEditing({ addOn: null })}>
          <Plus className="size-4" aria-hidden="true" /> New Add-On
        </Button>
      </div>
      <DataTable
        label="Add-ons"
        rows={addOns}
        columns={columns}
        getRowId={(addOn) => addOn.id}
        busy={navigation.state === "loading"}
        emptyMessage="No add-ons yet. Create the extras you sell, such as an extra page or a logo."
      />
      <AddOnDialog
        key={editing?.addOn?.id ?? "new"}
        open={editing !== null}
        addOn={editing?.addOn ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
        tierNames={tierNames}
      />
      <DeleteAddOnDialog addOn={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
