import Columns3 from "lucide-react/icons/columns-3";
import Table2 from "lucide-react/icons/table-2";
import { Link, useLoaderData, useLocation, useSearchParams } from "react-router";
import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import { dayIn } from "~/formatting/dates";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { FoldOnPhone } from "~/lists/list-fold";
import { ListHeader } from "~/lists/list-header";
import { ListPage } from "~/lists/list-page";
import { filterHref, isFilteredView } from "~/lists/list-view";
import { listPackageTiers } from "~/organization/settings.server";
import { buttonVariants } from "~/ui/button";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/projects-page";
import { ProjectBoard } from "./project-board";
import { isOverdue } from "./project-checklist";
import { Deadline, ProgressBar, ProjectStatusBadge, projectTitle } from "./project-display";
import { projectIdsFormSchema, projectStatusSchema, projectsReturnToSchema } from "./project-form";
import { PROJECT_DELETION, ProjectFilters } from "./project-list-controls";
import { PROJECT_LAYOUTS, PROJECT_LIST_VIEW } from "./project-list-view";
import { deleteProjects, listProjectBoard, listProjects, setProjectStatus, type ProjectListRow } from "./projects.server";
import { tierLabel, tierNamesOf } from "~/organization/tier-names";

export const meta: Route.MetaFunction = () => [{ title: "Project Tracker | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { timeZone, ...page } = await loadAdminListPage(
    request,
    PROJECT_LIST_VIEW,
    (query) => (query.view.layout === "board" ? listProjectBoard(query.view).then((rows) => ({ rows, nextCursor: null, previousCursor: null })) : listProjects(query)),
    async () => ({ tierNames: tierNamesOf(await listPackageTiers()) }),
  );
  return { ...page, today: dayIn(new Date(), timeZone) };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "delete-projects": async (form) => {
      const { projectIds } = parseForm(projectIdsFormSchema, form);
      const deleted = await deleteProjects(actor, projectIds);
      const title = projectIds.length === 1 && deleted === 1 ? "Project deleted successfully" : `${deleted} project(s) deleted successfully`;
      return redirectWithToast(parseForm(projectsReturnToSchema, form).returnTo, { type: "success", title });
    },
    "move-project": async (form) => {
      const { projectId, status } = parseForm(projectStatusSchema, form);
      await setProjectStatus(actor, projectId, status);
      return redirectWithToast(parseForm(projectsReturnToSchema, form).returnTo, { type: "success", title: "Status updated" });
    },
  }));
}

const LAYOUT_ICONS = { table: Table2, board: Columns3 } as const;
const LAYOUT_NAMES = { table: "Table", board: "Board" } as const;

export default function ProjectsPage() {
  const { rows, nextCursor, previousCursor, view, tierNames, today } = useLoaderData<typeof loader>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const returnTo = `${location.pathname}${location.search}`;

  const columns: DataTableColumn<ProjectListRow>[] = [
    {
      id: "client",
      header: "Client",
      sortable: true,
      cell: (project) => (
        <div className="grid">
          <Link to={`/admin/projects/${project.id}`} className="font-medium hover:underline">
            {project.clientName}
          </Link>
          <span className="text-xs text-muted-foreground">{projectTitle(project)}</span>
        </div>
      ),
    },
    { id: "number", header: "Number", sortable: true, cell: (project) => <span className="font-mono text-xs">{project.projectNumber}</span> },
    { id: "tier", header: "Tier", cell: (project) => tierLabel(project.tier, tierNames) },
    { id: "status", header: "Status", cell: (project) => <ProjectStatusBadge status={project.status} /> },
    { id: "progress", header: "Progress", cell: (project) => <ProgressBar progress={project.progress} label={`Progress of ${projectTitle(project)}`} className="w-32" /> },
    { id: "deadline", header: "Deadline", sortable: true, cell: (project) => <Deadline deadline={project.deliveryDeadline} overdue={isOverdue(project, today)} /> },
    { id: "version", header: "Version", cell: (project) => `v${project.versionNumber}` },
    { id: "revisions", header: "Revisions", cell: (project) => project.feedbackRounds },
    { id: "handoff", header: "Handoff", cell: (project) => (project.handoffComplete ? "Complete" : "Pending") },
  ];

  const header = {
    title: "Project Tracker",
    description: "Every website in the works, its checklist and its deadline.",
    actions: (
      <nav aria-label="Layout" className="flex rounded-md border p-0.5">
        {PROJECT_LAYOUTS.map((layout) => {
          const Icon = LAYOUT_ICONS[layout];
          return (
            <Link
              key={layout}
              to={filterHref(searchParams, { layout: layout === "board" ? "board" : null })}
              aria-current={view.layout === layout ? "page" : undefined}
              className={buttonVariants({ variant: view.layout === layout ? "secondary" : "ghost", size: "sm" })}
            >
              <Icon className="size-4" aria-hidden="true" /> {LAYOUT_NAMES[layout]}
            </Link>
          );
        })}
      </nav>
    ),
    createLink: { to: "/admin/projects/new", label: "New Project" },
  };

  // The board is not a table: it takes the list's header and filters, and lays the cards out by status.
  if (view.layout === "board") {
    return (
      <div className="grid grid-cols-1 gap-6">
        <ListHeader {...header} />
        <FoldOnPhone>
          <ProjectFilters view={view} />
        </FoldOnPhone>
        <ProjectBoard projects={rows} tierNames={tierNames} today={today} returnTo={returnTo} />
      </div>
    );
  }
  return (
    <ListPage
      {...header}
      table={{
        label: "Projects",
        rows,
        columns,
        sort: view.sort,
        rowHref: (project) => `/admin/projects/${project.id}`,
      }}
      empty={{ none: "No projects yet. Create one for a client to start its checklist.", filtered: "No projects match these filters.", isFiltered: isFilteredView(view, PROJECT_LIST_VIEW) }}
      pager={{ previousCursor, nextCursor }}
      selection={{ rowLabel: (project) => `Select ${projectTitle(project)}` }}
      deletion={PROJECT_DELETION}
    >
      <ProjectFilters view={view} />
    </ListPage>
  );
}

