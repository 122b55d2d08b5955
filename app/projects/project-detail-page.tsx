import { ArrowLeft } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { z } from "~/forms/zod";
import { requireAdmin } from "~/auth/guard.server";
import { Refusal } from "~/forms/refusal";
import { buttonVariants } from "~/ui/button";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/project-detail-page";
import { ProjectAddOnsPanel } from "./project-add-ons-panel";
import { handleProjectAction } from "./project-actions.server";
import { ChecklistPanel } from "./project-checklist-panel";
import { getProjectDetail } from "./project-detail.server";
import { DeleteProjectDialog, ProjectCallsPanel, ProjectDetailsForm, ProjectInfoPanel } from "./project-detail-panels";
import { ProjectStatusBadge, projectTitle } from "./project-display";
import { AddTaskDialog, UpgradeTierDialog } from "./project-task-dialogs";
import { ProjectInvoicesPanel } from "~/invoices/project-invoices-panel";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? projectTitle(data.project) : "Project"} | Admin` }];

const projectIdSchema = z.uuid();

/** An unknown (or malformed) id goes back to the tracker with the spec's 'Project not found'. */
const notFoundRedirect = () => redirectWithToast("/admin/projects", { type: "error", title: "Project not found" });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const projectId = projectIdSchema.safeParse(params.projectId);
  if (!projectId.success) throw await notFoundRedirect();
  try {
    return await getProjectDetail(projectId.data);
  } catch (error) {
    if (error instanceof Refusal && error.status === 404) throw await notFoundRedirect();
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const projectId = projectIdSchema.safeParse(params.projectId);
  if (!projectId.success) throw await notFoundRedirect();
  return handleProjectAction(request, projectId.data);
}

export default function ProjectDetailPage() {
  const detail = useLoaderData<typeof loader>();
  const { project, client, tasks, templates, tierNames } = detail;
  const title = projectTitle(project);
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/admin/projects" className={buttonVariants({ variant: "ghost", className: "w-fit" })}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Projects
      </Link>
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
        <DeleteProjectDialog title={title} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <ChecklistPanel
            key={project.id}
            tasks={tasks}
            actions={
              <>
                <UpgradeTierDialog currentTier={project.tier} tierNames={tierNames} />
                <AddTaskDialog templates={templates} taskNames={tasks.map((task) => task.taskName)} tierNames={tierNames} projectTier={project.tier} />
              </>
            }
          />
          <ProjectAddOnsPanel addOns={detail.addOns} offered={detail.offeredAddOns} tier={project.tier} />
          <ProjectDetailsForm project={project} />
        </div>
        <div className="grid content-start gap-6">
          <ProjectInfoPanel detail={detail} tierNames={tierNames} />
          <ProjectInvoicesPanel projectId={project.id} invoices={detail.invoices} />
          <ProjectCallsPanel detail={detail} />
        </div>
      </div>
    </div>
  );
}
