import * as React from "react";
import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { formatCents } from "~/formatting/money";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListPage } from "~/lists/list-page";
import { tierNamesOf } from "~/organization/tier-names";
import { listPackageTiers } from "~/organization/settings.server";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import type { Route } from "./+types/add-ons-page";
import { ActiveSwitch, ADD_ON_DELETION, AddOnDialog } from "./add-on-dialogs";
import { addOnActiveSchema, addOnIdSchema, addOnSchema } from "./add-on-forms";
import { createAddOn, deleteAddOn, listAddOns, setAddOnActive, updateAddOn } from "./add-ons.server";
import type { AddOn } from "./schema";
import { readPageCursors } from "~/lists/list-view";

export const meta: Route.MetaFunction = () => [{ title: "Add-On Catalog | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const [page, tiers] = await Promise.all([listAddOns(readPageCursors(url.searchParams)), listPackageTiers()]);
  return { ...page, tierNames: tierNamesOf(tiers) };
}

const done = (toast: string): FormSuccess => ({ ok: true, toast });

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "create-add-on": async (form) => {
      const addOn = await createAddOn(actor, parseForm(addOnSchema, form));
      return done(`${addOn.name} added to the catalog`);
    },
    "update-add-on": async (form) => {
      const { addOnId } = parseForm(addOnIdSchema, form);
      await updateAddOn(actor, addOnId, parseForm(addOnSchema, form));
      return done("Add-on updated successfully");
    },
    "set-active": async (form) => {
      const { addOnId, isActive } = parseForm(addOnActiveSchema, form);
      await setAddOnActive(actor, addOnId, isActive);
      return done(isActive ? "Add-on active" : "Add-on inactive");
    },
    "delete-add-on": async (form) => {
      const deleted = await deleteAddOn(actor, parseForm(addOnIdSchema, form).addOnId);
      return done(`${deleted.name} deleted`);
    },
  }));
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

const columns: DataTableColumn<AddOn>[] = [
  {
    id: "name",
    header: "Name",
    cell: (addOn) => (
      <div className="grid max-w-md whitespace-normal">
        <span className="font-medium">{addOn.name}</span>
        {addOn.description ? <span className="text-xs text-muted-foreground">{addOn.description}</span> : null}
      </div>
    ),
  },
  { id: "category", header: "Category", cell: (addOn) => addOn.category ?? "—" },
  { id: "pricing", header: "Pricing", cell: (addOn) => <Pricing addOn={addOn} /> },
  { id: "tiers", header: "Tiers", cell: (addOn) => addOn.availableForTiers.map((tier) => `Tier ${tier}`).join(", ") },
  { id: "active", header: "Active", cell: (addOn) => <ActiveSwitch addOn={addOn} /> },
];

export default function AddOnsPage() {
  const { rows, nextCursor, previousCursor, tierNames } = useLoaderData<typeof loader>();
  const [editing, setEditing] = React.useState<AddOn | "new" | null>(null);
  return (
    <ListPage
      title="Add-On Catalog"
      description="Extras you sell with a package. Attach them to a project; its invoice bills them."
      createLink={{ onClick: () => setEditing("new"), label: "New Add-On" }}
      table={{
        label: "Add-ons",
        rows,
        columns,
      }}
      empty={{ none: "No add-ons yet. Create the extras you sell, such as an extra page or a logo." }}
      pager={{ previousCursor, nextCursor }}
      rowMenu={{
        label: (addOn) => `Actions for ${addOn.name}`,
        items: (addOn) => <DropdownMenuItem onSelect={() => setEditing(addOn)}>Edit</DropdownMenuItem>,
      }}
      deletion={ADD_ON_DELETION}
      dialogs={<AddOnDialog editing={editing} onOpenChange={(open) => !open && setEditing(null)} tierNames={tierNames} />}
    />
  );
}
