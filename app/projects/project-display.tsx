import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import { Badge } from "~/ui/badge";
import { formatDate } from "~/formatting/dates";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "./project-options";
import type { ProjectProgress } from "./project-checklist";

// How a project's values look wherever they are shown (tracker, board, detail, client page).

const STATUS_VARIANT: Record<ProjectStatus, "outline" | "secondary" | "warning" | "default" | "success"> = {
  not_started: "outline",
  in_progress: "secondary",
  pending_revision: "warning",
  final_edits: "default",
  complete: "success",
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}

/** The deadline, a yyyy-MM-dd date (shown as written, no time zone shift); an overdue one stands out. */
export function Deadline({ deadline, overdue }: { deadline: string | null; overdue: boolean }) {
  if (!deadline) return <span className="text-muted-foreground">—</span>;
  const text = formatDate(`${deadline}T12:00:00Z`, "UTC");
  if (!overdue) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1 font-medium text-destructive">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      <span className="whitespace-nowrap">{text}</span>
      <span className="sr-only">(overdue)</span>
      <span aria-hidden="true" className="whitespace-nowrap rounded bg-destructive/10 px-1 text-xs">
        Overdue
      </span>
    </span>
  );
}

/** A project's progress; its look is app.css's (`[data-slot=progress]`): the projects list shows one per row. */
export function ProgressBar({ progress, label, className }: { progress: ProjectProgress; label: string; className?: string }) {
  return (
    <div data-slot="progress" className={className}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% (${progress.complete} of ${progress.total} tasks)`}
      >
        <div style={{ width: `${progress.percent}%` }} />
      </div>
      <p>{`${progress.percent}% · ${progress.complete} of ${progress.total} tasks`}</p>
    </div>
  );
}

export function projectTitle(project: { name: string | null; projectNumber: string }): string {
  return project.name ?? project.projectNumber;
}
