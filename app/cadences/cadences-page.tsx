import { MoreHorizontal, Plus } from "lucide-react";
import * as React from "react";
import { Link, useLoaderData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { buttonVariants, Button } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/ui/dropdown-menu";
import type { Route } from "./+types/cadences-page";
import { triggerLabel } from "./cadence-options";
import { cadenceIdSchema, cadenceStatusSchema } from "./cadence-forms";
import { CadenceStatusSwitch, DeleteCadenceDialog } from "./cadence-list-controls";
import { deleteCadence, listCadences, setCadenceStatus, type CadenceListRow } from "./cadences.server";

export const meta: Route.MetaFunction = () => [{ title: "Email Cadences | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  return listCadences({ after: url.searchParams.get("after"), before: url.searchParams.get("before") });
}

const done = (toast: string): FormSuccess => ({ ok: true, toast });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return answerForm(request, {
    "set-status": async (form) => {
      const { cadenceId, status } = parseForm(cadenceStatusSchema, form);
      const cadence = await setCadenceStatus(cadenceId, status);
      return done(status === "active" ? `${cadence.name} is active` : `${cadence.name} is paused`);
    },
    "delete-cadence": async (form) => {
      const deleted = await deleteCadence(parseForm(cadenceIdSchema, form).cadenceId);
      return done(`${deleted.name} deleted`);
    },
  });
}

export default function CadencesPage() {
  const { cadences, nextCursor, previousCursor } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [deleting, setDeleting] = React.useState<CadenceListRow | null>(null);

  const columns: DataTableColumn<CadenceListRow>[] = [
    {
      id: "name",
      header: "Name",
      cell: (cadence) => (
        <div className="grid max-w-md">
          <Link to={`/admin/cadences/${cadence.id}`} className="font-medium hover:underline">
            {cadence.name}
          </Link>
          {cadence.description ? <span className="text-xs text-muted-foreground">{cadence.description}</span> : null}
        </div>
      ),
    },
    { id: "trigger", header: "Trigger", cell: (cadence) => triggerLabel(cadence.trigger), className: "whitespace-nowrap" },
    { id: "steps", header: "Steps", cell: (cadence) => cadence.steps.length },
    { id: "enrolled", header: "Enrolled", cell: (cadence) => cadence.enrolled },
    { id: "active", header: "In progress", cell: (cadence) => cadence.activeEnrolments },
    { id: "status", header: "Status", cell: (cadence) => <CadenceStatusSwitch cadence={cadence} /> },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (cadence) => (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${cadence.name}`}>
              <MoreHorizontal className="size-4" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem asChild>
              <Link to={`/admin/cadences/${cadence.id}`}>Edit</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={`/admin/testing?cadenceId=${cadence.id}`}>Test in sandbox</Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(cadence)}>
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
          <h1 className="text-2xl font-bold tracking-tight">Email Cadences</h1>
          <p className="text-muted-foreground">
            Follow-up sequences: a trigger enrols a lead, then each step sends a template after its delay. A lead leaves when it converts, books or
            unsubscribes.
          </p>
        </div>
        <Link to="/admin/cadences/new" className={buttonVariants()}>
          <Plus className="size-4" aria-hidden="true" /> New Cadence
        </Link>
      </div>
      <DataTable
        label="Cadences"
        rows={cadences}
        columns={columns}
        getRowId={(cadence) => cadence.id}
        busy={navigation.state === "loading"}
        emptyMessage="No cadences yet. Create one to follow up promo claims or inquiries automatically."
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
      <DeleteCadenceDialog cadence={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
