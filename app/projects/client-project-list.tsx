import { DataTable } from "~/lists/data-table";
import { Badge } from "~/ui/badge";
import { isOverdue } from "./project-checklist";
import { Deadline, ProgressBar, ProjectStatusBadge, projectTitle } from "./project-display";
import type { ClientProjectRow } from "./projects.server";
import { tierLabel, type TierNames } from "~/organization/tier-names";
import { recordLinkColumn } from "~/lists/record-link-column";

type ClientProject = Omit<ClientProjectRow, "createdAt" | "updatedAt"> & { createdAt: Date | string };

/**
 * A client's projects with their checklist progress, each row opening its page (the client page's
 * Projects tab). Data: `listClientProjectsWithProgress(clientId)` from projects.server.ts.
 * `today` (yyyy-MM-dd, business time zone) marks overdue deadlines.
 */
export function ClientProjectList({ projects, today, tierNames }: { projects: ClientProject[]; today: string; tierNames: TierNames }) {
  return (
    <DataTable
      label="Projects"
      rows={projects}
      rowHref={(project) => `/admin/projects/${project.id}`}
      emptyMessage="No projects yet."
      columns={[
        recordLinkColumn<ClientProject>({ id: "name", header: "Project", href: (project) => `/admin/projects/${project.id}`, text: projectTitle }),
        { id: "number", header: "Number", cell: (project) => <span className="font-mono text-xs">{project.projectNumber}</span> },
        { id: "tier", header: "Tier", cell: (project) => tierLabel(project.tier, tierNames) },
        { id: "deadline", header: "Deadline", cell: (project) => <Deadline deadline={project.deliveryDeadline} overdue={isOverdue(project, today)} /> },
        {
          id: "status",
          header: "Status",
          // The spec's client-page badge reads 'completed' for the finished state.
          cell: (project) => (project.status === "complete" ? <Badge variant="success">completed</Badge> : <ProjectStatusBadge status={project.status} />),
        },
        { id: "progress", header: "Progress", cell: (project) => <ProgressBar progress={project.progress} label={`Progress of ${projectTitle(project)}`} className="w-40" /> },
      ]}
    />
  );
}
