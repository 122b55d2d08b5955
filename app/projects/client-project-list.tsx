import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { isOverdue } from "./project-checklist";
import { Deadline, ProgressBar, ProjectStatusBadge, projectTitle } from "./project-display";
import type { ClientProjectRow } from "./projects.server";
import { tierLabel, type TierNames } from "./tier-names";

/**
 * A client's projects with their checklist progress, each linking to its page (the client page's
 * Projects tab). Data: `listClientProjectsWithProgress(clientId)` from projects.server.ts.
 * `today` (yyyy-MM-dd, business time zone) marks overdue deadlines.
 */
export function ClientProjectList({
  projects,
  today,
  tierNames,
}: {
  projects: (Omit<ClientProjectRow, "createdAt" | "updatedAt"> & { createdAt: Date | string })[];
  today: string;
  tierNames: TierNames;
}) {
  if (projects.length === 0) return <p className="text-sm text-muted-foreground">No projects yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Projects">
      {projects.map((project) => (
        <li key={project.id}>
          <Link
            to={`/admin/projects/${project.id}`}
            className="grid gap-2 rounded-md border p-3 hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:grid-cols-[1fr_auto_12rem] sm:items-center sm:gap-4"
          >
            <span className="grid">
              <span className="font-medium">{projectTitle(project)}</span>
              <span className="text-xs text-muted-foreground">
                {project.projectNumber} · {tierLabel(project.tier, tierNames)} · <Deadline deadline={project.deliveryDeadline} overdue={isOverdue(project, today)} />
              </span>
            </span>
            {/* The spec's client-page badge reads 'completed' for the finished state. */}
            {project.status === "complete" ? <Badge variant="success">completed</Badge> : <ProjectStatusBadge status={project.status} />}
            <ProgressBar progress={project.progress} label={`Progress of ${projectTitle(project)}`} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
