// Project option lists (DESIGN.md "Project status" ruling), shared by browser and server.

export const PROJECT_STATUSES = ["not_started", "in_progress", "pending_revision", "final_edits", "complete"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TASK_STATUSES = ["pending", "complete"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Categories of the per-tier checklists. */
export const TASK_CATEGORIES = [
  "Setup",
  "Design",
  "Content",
  "Functionality",
  "Testing",
  "Revisions",
  "Integrations",
  "Delivery",
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** Category a custom (non-checklist) task gets when the admin picks none (spec 001 §5). */
export const CUSTOM_TASK_CATEGORY = "Custom";

/** How a status reads on screen (the board's columns, badges, selects). */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  not_started: "Not Started",
  in_progress: "In Progress",
  pending_revision: "Pending Revision",
  final_edits: "Final Edits",
  complete: "Complete",
};
