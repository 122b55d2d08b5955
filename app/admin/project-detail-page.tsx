import ArrowLeft from "lucide-react/icons/arrow-left";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { Link, useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { requireListedRecordById } from "~/forms/record-page.server";
import { ProjectInvoicesPanel } from "~/invoices/project-invoices-panel";
import { DeleteRowsDialog } from "~/lists/row-deletion";
import { LinkButton } from "~/ui/button";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import { MoreActionsMenu } from "~/ui/more-actions-menu";
import type { Route } from "./+types/project-detail-page";
import { ProjectAddOnsPanel } from "~/add-ons/project-add-ons-panel";
import { handleProjectAction } from "./project-actions.server";
import { ChecklistPanel } from "~/projects/project-checklist-panel";
import { getProjectDetail } from "./project-detail.server";
import { ProjectCallsPanel, ProjectDetailsForm, ProjectInfoPanel } from "./project-detail-panels";
import { ProjectStatusBadge, projectTitle } from "~/projects/project-display";
import { PROJECT_DELETION } from "~/projects/project-list-controls";
import { AddTaskDialog, UpgradeTierDialog } from "~/projects/project-task-dialogs";

const PROJECTS_LIST = { href: "/admin/projects", label: "Back to Projects" };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? projectTitle(data.project) : "Project"} | Admin` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return requireListedRecordById(params.projectId, getProjectDetail, { request, context }, "Project not found", PROJECTS_LIST);
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleProjectAction(request, actor, params.projectId);
}

export default function ProjectDetailPage() {
  const detail = useLoaderData<typeof loader>();
  const { project, client, tasks, templates, tierNames } = detail;
  const title = projectTitle(project);
  const [deleting, setDeleting] = React.useState(false);
  return (
    <div className="grid grid-cols-1 gap-6">
      <LinkButton to="/admin/projects" variant="ghost" className="w-fit" icon={ArrowLeft}>
        Back to Projects
      </LinkButton>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <span className="font-mono text-sm">{project.projectNumber}</span>·
            <Link to={`/admin/clients/${client.id}`} className="hover:underline">
              {client.name}
            </Link>
            <ProjectStatusBadge status={project.status} />
          </p>
        </div>
        <MoreActionsMenu label={`More actions for ${title}`}>
          <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </MoreActionsMenu>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <ChecklistPanel
            key={project.id}
            tasks={tasks}
            actions={
              <>
                <UpgradeTierDialog projectId={project.id} currentTier={project.tier} tierNames={tierNames} />
                <AddTaskDialog projectId={project.id} templates={templates} taskNames={tasks.map((task) => task.taskName)} tierNames={tierNames} projectTier={project.tier} />
              </>
            }
          />
          <ProjectAddOnsPanel projectId={project.id} addOns={detail.addOns} offered={detail.offeredAddOns} tier={project.tier} />
          <ProjectDetailsForm project={project} />
        </div>
        <div className="grid content-start gap-6">
          <ProjectInfoPanel detail={detail} tierNames={tierNames} />
          <ProjectInvoicesPanel projectId={project.id} invoices={detail.invoices} />
          <ProjectCallsPanel detail={detail} />
        </div>
      </div>
      <DeleteRowsDialog rowIds={deleting ? [project.id] : null} deletion={PROJECT_DELETION} onOpenChange={setDeleting} />
    </div>
  );
}
