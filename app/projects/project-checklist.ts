// The rules of a project's checklist (spec 001 §4, §9), pure: shared by the detail page, the
// client's projects panel and the services that create and upgrade checklists.

import { TASK_CATEGORIES } from "./project-options";

type TaskState = { status: string };

export type ProjectProgress = { complete: number; total: number; percent: number };

/** Progress is the rounded percent of complete tasks; a project without tasks is at 0 %. */
export function projectProgress(tasks: readonly TaskState[]): ProjectProgress {
  const total = tasks.length;
  const complete = tasks.filter((task) => task.status === "complete").length;
  return { complete, total, percent: total === 0 ? 0 : Math.round((complete / total) * 100) };
}

/** The same, from counts a query already made (the list and the client's projects panel). */
export function progressFromCounts(complete: number, total: number): ProjectProgress {
  return { complete, total, percent: total === 0 ? 0 : Math.round((complete / total) * 100) };
}

/**
 * The tier-upgrade merge (spec 001 §4): of the new tier's tasks, those whose name is not on the
 * project yet, in the template's order. Tasks already on the project (matched by name) are kept as
 * they are, with their status and notes.
 */
export function tasksMissingFromProject<T extends { taskName: string }>(templates: readonly T[], projectTaskNames: Iterable<string>): T[] {
  const present = new Set(projectTaskNames);
  const seen = new Set<string>();
  return templates.filter((template) => {
    if (present.has(template.taskName) || seen.has(template.taskName)) return false;
    seen.add(template.taskName);
    return true;
  });
}

/** Tasks grouped by category in the checklists' order (Setup … Delivery), then any other category (Custom) by name. */
export function groupTasksByCategory<T extends { category: string; sortOrder: number }>(tasks: readonly T[]): { category: string; tasks: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const task of [...tasks].sort((a, b) => a.sortOrder - b.sortOrder)) {
    const group = groups.get(task.category) ?? [];
    group.push(task);
    groups.set(task.category, group);
  }
  const known: readonly string[] = TASK_CATEGORIES;
  const rank = (category: string) => (known.includes(category) ? known.indexOf(category) : known.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, grouped]) => ({ category, tasks: grouped }));
}

/** A deadline stands out when it has passed and the project is not complete. Dates are yyyy-MM-dd in the business time zone. */
export function isOverdue(project: { deliveryDeadline: string | null; status: string }, today: string): boolean {
  return Boolean(project.deliveryDeadline && project.status !== "complete" && project.deliveryDeadline < today);
}

/** The next sort order after the project's tasks (steps of 10, like the seeded checklists). */
export function nextSortOrder(tasks: readonly { sortOrder: number }[]): number {
  return tasks.reduce((max, task) => Math.max(max, task.sortOrder), 0) + 10;
}
