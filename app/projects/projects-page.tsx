import { Columns3, Plus, Search, Table2, Trash2 } from "lucide-react";
import * as React from "react";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { getOrganizationSettings, listPackageTiers } from "~/settings/settings.server";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { filterHref } from "~/lists/list-view";
import { redirectWithToast } from "~/forms/flash.server";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import type { Route } from "./+types/projects-page";
import { ProjectBoard } from "./project-board";
import { isOverdue } from "./project-checklist";
import { Deadline, ProgressBar, ProjectStatusBadge, projectTitle, tierLabel } from "./project-display";
import { projectIdsFormSchema, projectStatusSchema, projectsReturnToSchema } from "./project-form";
import { DeleteProjectsDialog } from "./project-list-dialogs";
import { isFilteredProjectView, readProjectListView } from "./project-list-view";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "./project-options";
import { deleteProjects, listProjectBoard, listProjects, setProjectStatus, type ProjectListRow } from "./projects.server";
import { dayIn } from "~/formatting/dates";

export const meta: Route.MetaFunction = () => [{ title: "Project Tracker | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = readProjectListView(url.searchParams);
  const [page, tiers, settings] = await Promise.all([
    view.layout === "board"
      ? listProjectBoard(view).then((projects) => ({ projects, nextCursor: null, previousCursor: null }))
      : listProjects({ view, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    listPackageTiers(),
    getOrganizationSettings(),
  ]);
  return { ...page, view, tierNames: Object.fromEntries(tiers.map((tier) => [tier.tier, tier.name])), today: dayIn(new Date(), settings.timezone) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return answerForm(request, {
    "delete-projects": async (form) => {
      const { projectIds } = parseForm(projectIdsFormSchema, form);
      const deleted = await deleteProjects(projectIds);
      const title = projectIds.length === 1 && deleted === 1 ? "Project deleted successfully" : `${deleted} project(s) deleted successfully`;
      return redirectWithToast(parseForm(projectsReturnToSchema, form).returnTo, { type: "success", title });
    },
    "move-project": async (form) => {
      const { projectId, status } = parseForm(projectStatusSchema, form);
      await setProjectStatus(projectId, status);
      return redirectWithToast(parseForm(projectsReturnToSchema, form).returnTo, { type: "success", title: "Status updated" });
    },
  });
}

function ProjectFilters() {
  const { view } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const formRef = React.useRef<HTMLFormElement>(null);
  return (
    <Form ref={formRef} method="get" role="search" aria-label="Filter projects" className="flex flex-wrap items-end gap-2">
      {["view", "sort", "dir"].map((name) => {
        const value = searchParams.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <div className="flex min-w-64 flex-1 gap-2">
        <label htmlFor="project-search" className="sr-only">
          Search by project, number or client
        </label>
        <Input id="project-search" name="q" type="search" key={view.search} defaultValue={view.search} placeholder="Search by project, number or client" maxLength={200} />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" /> Search
        </Button>
      </div>
      <NativeSelect
        name="status"
        aria-label="Status"
        key={`s${view.status}`}
        defaultValue={view.status ?? ""}
        wrapperClassName="w-48"
        onChange={() => formRef.current && void submit(formRef.current)}
      >
        <NativeSelectOption value="">All statuses</NativeSelectOption>
        {PROJECT_STATUSES.map((status) => (
          <NativeSelectOption key={status} value={status}>
            {PROJECT_STATUS_LABELS[status]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      {isFilteredProjectView(view) ? (
        <Link to={filterHref(searchParams, { q: null, status: null })} className={buttonVariants({ variant: "ghost" })}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

export default function ProjectsPage() {
  const { projects, nextCursor, previousCursor, view, tierNames, today } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const returnTo = `${location.pathname}${location.search}`;
  const [deleting, setDeleting] = React.useState<string[] | null>(null);
  const [rawSelectedIds, setSelectedIds] = React.useState<string[]>([]);
  const selectedIds = React.useMemo(() => {
    const onPage = new Set(projects.map((project) => project.id));
    return rawSelectedIds.filter((id) => onPage.has(id));
  }, [rawSelectedIds, projects]);

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
    { id: "tier", header: "Tier", cell: (project) => tierLabel(project.tier, tierNames), className: "whitespace-nowrap" },
    { id: "status", header: "Status", cell: (project) => <ProjectStatusBadge status={project.status} /> },
    { id: "progress", header: "Progress", cell: (project) => <ProgressBar progress={project.progress} label={`Progress of ${projectTitle(project)}`} className="w-32" /> },
    { id: "deadline", header: "Deadline", sortable: true, cell: (project) => <Deadline deadline={project.deliveryDeadline} overdue={isOverdue(project, today)} /> },
    { id: "version", header: "Version", cell: (project) => `v${project.versionNumber}` },
    { id: "revisions", header: "Revisions", cell: (project) => project.feedbackRounds },
    { id: "handoff", header: "Handoff", cell: (project) => (project.handoffComplete ? "Complete" : "Pending") },
  ];
  const layoutHref = (layout: "table" | "board") => filterHref(searchParams, { view: layout === "board" ? "board" : null });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Project Tracker</h1>
          <p className="text-muted-foreground">Every website in the works, its checklist and its deadline.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <nav aria-label="Layout" className="flex rounded-md border p-0.5">
            {(["table", "board"] as const).map((layout) => (
              <Link
                key={layout}
                to={layoutHref(layout)}
                aria-current={view.layout === layout ? "page" : undefined}
                className={cn(buttonVariants({ variant: view.layout === layout ? "secondary" : "ghost", size: "sm" }))}
              >
                {layout === "table" ? <Table2 className="size-4" aria-hidden="true" /> : <Columns3 className="size-4" aria-hidden="true" />}
                {layout === "table" ? "Table" : "Board"}
              </Link>
            ))}
          </nav>
          <Link to="/admin/projects/new" className={buttonVariants()}>
            <Plus className="size-4" aria-hidden="true" /> New Project
          </Link>
        </div>
      </div>

      <ProjectFilters />

      {view.layout === "board" ? (
        <ProjectBoard projects={projects} tierNames={tierNames} today={today} returnTo={returnTo} />
      ) : (
        <>
          {selectedIds.length > 0 ? (
            <div className="flex items-center justify-between rounded-md border bg-muted/50 px-4 py-2">
              <p className="text-sm">{selectedIds.length} selected</p>
              <Button variant="destructive" size="sm" onClick={() => setDeleting(selectedIds)}>
                <Trash2 className="size-4" aria-hidden="true" /> Delete Selected
              </Button>
            </div>
          ) : null}
          <DataTable
            label="Projects"
            rows={projects}
            columns={columns}
            getRowId={(project) => project.id}
            sort={view.sort}
            busy={navigation.state === "loading"}
            rowHref={(project) => `/admin/projects/${project.id}`}
            selection={{ selectedIds, onChange: setSelectedIds, rowLabel: (project) => `Select ${projectTitle(project)}` }}
            emptyMessage={isFilteredProjectView(view) ? "No projects match these filters." : "No projects yet. Create one for a client to start its checklist."}
          />
          <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
        </>
      )}
      <DeleteProjectsDialog projectIds={deleting} onOpenChange={(open) => !open && setDeleting(null)} returnTo={returnTo} onDeleted={() => setSelectedIds([])} />
    </div>
  );
}
