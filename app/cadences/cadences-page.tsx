import { Link, useLoaderData } from "react-router";
import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListPage } from "~/lists/list-page";
import { loadAdminPagedList } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/cadences-page";
import { triggerLabel } from "./cadence-options";
import { cadenceIdSchema, cadenceStatusSchema } from "./cadence-forms";
import { CADENCE_DELETION, CadenceStatusSwitch } from "./cadence-list-controls";
import { deleteCadence, listCadences, setCadenceStatus, type CadenceListRow } from "./cadences.server";
import { SharedTriggerWarning } from "./shared-trigger-warning";
import { sharedTriggers, templateNameIn, type SharedTrigger } from "./shared-triggers";
import { activeCadenceSummaries } from "./shared-triggers.server";
import { Badge } from "~/ui/badge";
import { RowMenuLink } from "~/lists/row-menu";

export const meta: Route.MetaFunction = () => [{ title: "Email Cadences | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const [page, active] = await loadAdminPagedList(request, listCadences, activeCadenceSummaries);
  return { ...page, shared: sharedTriggers(active.cadences, templateNameIn(active.templateNames)) };
}

const done = (toast: string): FormSuccess => ({ ok: true, toast });

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "set-status": async (form) => {
      const { cadenceId, status } = parseForm(cadenceStatusSchema, form);
      const cadence = await setCadenceStatus(actor, cadenceId, status);
      return done(status === "active" ? `${cadence.name} is active` : `${cadence.name} is paused`);
    },
    "delete-cadence": async (form) => {
      const deleted = await deleteCadence(actor, parseForm(cadenceIdSchema, form).cadenceId);
      return done(`${deleted.name} deleted`);
    },
  }));
}

const cadenceColumns = (shared: readonly SharedTrigger[]): DataTableColumn<CadenceListRow>[] => [
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
  {
    id: "trigger",
    header: "Trigger",
    cell: (cadence) => (
      <span className="inline-flex items-center gap-1.5">
        {triggerLabel(cadence.trigger)}
        {cadence.status === "active" && shared.some((one) => one.trigger === cadence.trigger) ? <Badge variant="warning">Shared</Badge> : null}
      </span>
    ),
  },
  { id: "steps", header: "Steps", cell: (cadence) => cadence.steps.length },
  { id: "enrolled", header: "Enrolled", cell: (cadence) => cadence.enrolled },
  { id: "active", header: "In progress", cell: (cadence) => cadence.activeEnrolments },
  { id: "status", header: "Status", cell: (cadence) => <CadenceStatusSwitch cadence={cadence} /> },
];

export default function CadencesPage() {
  const { cadences, nextCursor, previousCursor, shared } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Email Cadences"
      description="Follow-up sequences: a trigger enrols a lead, then each step sends a template after its delay. A lead leaves when it converts, books or unsubscribes."
      createLink={{ to: "/admin/cadences/new", label: "New Cadence" }}
      table={{
        label: "Cadences",
        rows: cadences,
        columns: cadenceColumns(shared),
      }}
      empty={{ none: "No cadences yet. Create one to follow up promo claims or inquiries automatically." }}
      pager={{ previousCursor, nextCursor }}
      rowMenu={{
        label: (cadence) => `Actions for ${cadence.name}`,
        items: (cadence) => (
          <>
            <RowMenuLink to={`/admin/cadences/${cadence.id}`}>Edit</RowMenuLink>
            <RowMenuLink to={`/admin/testing?cadenceId=${cadence.id}`}>Test in sandbox</RowMenuLink>
          </>
        ),
      }}
      deletion={CADENCE_DELETION}
      notices={
        shared.length > 0 ? (
          <section aria-label="Cadences that share a trigger" className="grid gap-3">
            {shared.map((one) => (
              <SharedTriggerWarning key={one.trigger} shared={one} />
            ))}
          </section>
        ) : null
      }
    />
  );
}

