import GripVertical from "lucide-react/icons/grip-vertical";
import * as React from "react";
import { Link } from "react-router";
import { useFormAction } from "~/forms/use-form-action";
import { RowMenu } from "~/lists/row-menu";
import { cn } from "~/ui/class-names";
import { DropdownMenuItem, DropdownMenuLabel } from "~/ui/dropdown-menu";
import { isOverdue } from "./project-checklist";
import { Deadline, ProgressBar, projectTitle } from "./project-display";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from "./project-options";
import type { ProjectListRow } from "./projects.server";
import { tierLabel, type TierNames } from "~/organization/tier-names";

const DRAG_TYPE = "application/x-project-id";

/**
 * The tracker as a board, a column per status. A card moves by mouse (drag it onto a column), by
 * its "Move to…" menu, or by keyboard: with the card focused, Alt+→ / Alt+← moves it one column.
 */
export function ProjectBoard({ projects, tierNames, today, returnTo }: { projects: ProjectListRow[]; tierNames: TierNames; today: string; returnTo: string }) {
  const { fetcher } = useFormAction({ intent: "move-project" });
  const [dropTarget, setDropTarget] = React.useState<ProjectStatus | null>(null);
  const [announcement, setAnnouncement] = React.useState("");

  // While a move is on its way, the card already shows in its new column.
  const moving = fetcher.formData;
  const movingId = moving?.get("projectId");
  const movingTo = moving?.get("status");
  const statusOf = (project: ProjectListRow) => (project.id === movingId && typeof movingTo === "string" ? (movingTo as ProjectStatus) : project.status);

  const move = (project: ProjectListRow, status: ProjectStatus) => {
    if (status === project.status) return;
    setAnnouncement(`${projectTitle(project)} moved to ${PROJECT_STATUS_LABELS[status]}`);
    void fetcher.submit({ intent: "move-project", projectId: project.id, status, returnTo }, { method: "post", action: "/admin/projects" });
  };
  const byId = new Map(projects.map((project) => [project.id, project]));

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3 xl:grid-cols-5">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {PROJECT_STATUSES.map((status) => {
        const cards = projects.filter((project) => statusOf(project) === status);
        return (
          <section
            key={status}
            aria-label={PROJECT_STATUS_LABELS[status]}
            data-status={status}
            className={cn("flex min-h-40 min-w-0 flex-col gap-2 rounded-lg border bg-muted/40 p-2", dropTarget === status && "ring-2 ring-primary")}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              setDropTarget(status);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
            }}
            onDrop={(event) => {
              event.preventDefault();
              setDropTarget(null);
              const project = byId.get(event.dataTransfer.getData(DRAG_TYPE));
              if (project) move(project, status);
            }}
          >
            <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
              {PROJECT_STATUS_LABELS[status]}
              <span className="rounded-full bg-background px-2 text-xs text-muted-foreground">{cards.length}</span>
            </h2>
            <ul className="grid min-w-0 grid-cols-1 gap-2">
              {cards.map((project) => (
                <BoardCard key={project.id} project={project} status={status} tierNames={tierNames} overdue={isOverdue({ ...project, status }, today)} onMove={(to) => move(project, to)} />
              ))}
            </ul>
            {cards.length === 0 ? <p className="px-1 py-4 text-center text-xs text-muted-foreground">No projects</p> : null}
          </section>
        );
      })}
    </div>
  );
}

function BoardCard({
  project,
  status,
  tierNames,
  overdue,
  onMove,
}: {
  project: ProjectListRow;
  status: ProjectStatus;
  tierNames: TierNames;
  overdue: boolean;
  onMove: (status: ProjectStatus) => void;
}) {
  const index = PROJECT_STATUSES.indexOf(status);
  const title = projectTitle(project);
  return (
    <li
      draggable
      tabIndex={0}
      aria-label={`${title}, ${project.clientName}`}
      aria-keyshortcuts="Alt+ArrowRight Alt+ArrowLeft"
      data-project-id={project.id}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, project.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      onKeyDown={(event) => {
        if (!event.altKey || event.target !== event.currentTarget) return;
        const next = event.key === "ArrowRight" ? PROJECT_STATUSES[index + 1] : event.key === "ArrowLeft" ? PROJECT_STATUSES[index - 1] : undefined;
        if (!next) return;
        event.preventDefault();
        onMove(next);
      }}
      className={cn(
        // The card's menu button one size down, as in a table's row.
        "grid min-w-0 cursor-grab grid-cols-1 gap-2 overflow-hidden rounded-md border bg-background p-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing [&_button[aria-haspopup=menu]]:size-7 [&_button[aria-haspopup=menu]]:shrink-0",
        overdue && "border-destructive/60",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-1">
          <GripVertical className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0">
            <Link to={`/admin/projects/${project.id}`} className="font-medium break-words hover:underline" draggable={false}>
              {title}
            </Link>
            <p className="truncate text-xs text-muted-foreground">
              {project.clientName} · {project.projectNumber}
            </p>
          </div>
        </div>
        <RowMenu
          label={`Move ${title} to…`}
          items={() => (
            <>
              <DropdownMenuLabel>Move to…</DropdownMenuLabel>
              {PROJECT_STATUSES.filter((other) => other !== status).map((other) => (
                <DropdownMenuItem key={other} onSelect={() => onMove(other)}>
                  {PROJECT_STATUS_LABELS[other]}
                </DropdownMenuItem>
              ))}
            </>
          )}
        />
      </div>
      <p className="text-xs">{tierLabel(project.tier, tierNames)}</p>
      <div className="text-xs">
        <Deadline deadline={project.deliveryDeadline} overdue={overdue} />
      </div>
      <ProgressBar progress={project.progress} label={`Progress of ${title}`} />
    </li>
  );
}
