import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import type { TierId } from "~/organization/tier-catalog";
import { nextSortOrder, tasksMissingFromProject } from "./project-checklist";
import { TIER_TASK_CHECKLISTS } from "./task-checklists";
import { CUSTOM_TASK_CATEGORY, type TaskStatus } from "./project-options";
import { projects, projectTasks, tierTaskTemplates, type ProjectTask, type TierTaskTemplate } from "./schema";

/** Each tier's checklist (task-checklists.ts), where missing: an admin's edits stay. */
export async function seedTierTaskTemplates(tx: DatabaseExecutor): Promise<void> {
  const tasks = Object.entries(TIER_TASK_CHECKLISTS).flatMap(([tier, list]) => list.map((task) => ({ tier: tier as TierId, ...task })));
  await tx.insert(tierTaskTemplates).values(tasks).onConflictDoNothing();
}

/** The editable per-tier checklists, each in its order. */
export async function listTierTaskTemplates(tier?: TierId): Promise<TierTaskTemplate[]> {
  return db()
    .select()
    .from(tierTaskTemplates)
    .where(tier ? eq(tierTaskTemplates.tier, tier) : undefined)
    .orderBy(asc(tierTaskTemplates.tier), asc(tierTaskTemplates.sortOrder), asc(tierTaskTemplates.taskName));
}

export async function listProjectTasks(projectId: string): Promise<ProjectTask[]> {
  return db().select().from(projectTasks).where(eq(projectTasks.projectId, projectId)).orderBy(asc(projectTasks.sortOrder), asc(projectTasks.createdAt));
}

/**
 * Adds the tier's template tasks the project does not have yet (matched by name), all pending,
 * after its last task. ON CONFLICT DO NOTHING on (project_id, task_name): two requests doing this
 * at the same moment add each task once.
 */
export async function addMissingTierTasks(tx: DatabaseExecutor, projectId: string, tier: TierId): Promise<number> {
  const [templates, existing] = await Promise.all([
    tx.select().from(tierTaskTemplates).where(eq(tierTaskTemplates.tier, tier)).orderBy(asc(tierTaskTemplates.sortOrder)),
    tx.select({ taskName: projectTasks.taskName, sortOrder: projectTasks.sortOrder }).from(projectTasks).where(eq(projectTasks.projectId, projectId)),
  ]);
  const missing = tasksMissingFromProject(templates, existing.map((task) => task.taskName));
  if (missing.length === 0) return 0;
  const base = existing.length === 0 ? 0 : nextSortOrder(existing);
  const inserted = await tx
    .insert(projectTasks)
    .values(
      missing.map((template, index) => ({
        projectId,
        taskName: template.taskName,
        category: template.category,
        tierRequirement: template.tier,
        status: "pending" as const,
        sortOrder: existing.length === 0 ? template.sortOrder : base + index * 10,
      })),
    )
    .onConflictDoNothing({ target: [projectTasks.projectId, projectTasks.taskName] })
    .returning({ id: projectTasks.id });
  return inserted.length;
}

/**
 * Opening a project with no tasks creates the checklist of its tier, all pending (spec 001 §4);
 * then returns its tasks. Two first opens at once still create each task once.
 */
export async function openProjectChecklist(projectId: string, tier: TierId): Promise<ProjectTask[]> {
  const tasks = await listProjectTasks(projectId);
  if (tasks.length > 0) return tasks;
  await db().transaction((tx) => addMissingTierTasks(tx, projectId, tier));
  return listProjectTasks(projectId);
}

/** 'Upgrade Tier': any tier; adds that tier's tasks not on the project, keeps the rest as they are. */
export async function upgradeProjectTier(actor: Actor, projectId: string, tier: TierId): Promise<number> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select({ tier: projects.tier }).from(projects).where(eq(projects.id, projectId)).for("update");
    if (!before) throw notFound("Project not found");
    await tx.update(projects).set({ tier, updatedAt: new Date() }).where(eq(projects.id, projectId));
    const added = await addMissingTierTasks(tx, projectId, tier);
    await recordAuditEntry(tx, actor, {
      action: "project.upgrade-tier",
      entityType: "project",
      entityId: projectId,
      summary: `Changed a project's tier from ${before.tier} to ${tier} (${added} task(s) added)`,
      details: { from: before.tier, to: tier, added },
    });
    return added;
  });
}

/** A change to one task: its action, with the details it keeps beside the task's id. */
type TaskChange =
  | { action: "project.toggle-task"; summary: string; details: { status: TaskStatus } }
  | { action: "project.task-notes" | "project.delete-task"; summary: string; details?: undefined };

/**
 * Changes one task of a project with the change's audit entry, in one transaction; a task that is
 * not on the project is refused.
 */
async function changeTask(
  actor: Actor,
  projectId: string,
  taskId: string,
  entry: TaskChange,
  change: (tx: DatabaseExecutor) => Promise<unknown>,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [task] = await tx.select({ id: projectTasks.id }).from(projectTasks).where(and(eq(projectTasks.id, taskId), eq(projectTasks.projectId, projectId))).for("update");
    if (!task) throw notFound("Task not found");
    await change(tx);
    await recordAuditEntry(tx, actor, { action: entry.action, summary: entry.summary, entityType: "project", entityId: projectId, details: { taskId, ...entry.details } });
  });
}

/** Completing sets completed_at; un-completing clears it. */
export function setTaskStatus(actor: Actor, projectId: string, taskId: string, status: TaskStatus): Promise<void> {
  const summary = status === "complete" ? "Completed a task" : "Reopened a task";
  return changeTask(actor, projectId, taskId, { action: "project.toggle-task", summary, details: { status } }, (tx) =>
    tx
      .update(projectTasks)
      .set({ status, completedAt: status === "complete" ? sql`coalesce(${projectTasks.completedAt}, now())` : null })
      .where(eq(projectTasks.id, taskId)),
  );
}

export function setTaskNotes(actor: Actor, projectId: string, taskId: string, notes: string | null): Promise<void> {
  return changeTask(actor, projectId, taskId, { action: "project.task-notes", summary: "Saved a task's notes" }, (tx) =>
    tx.update(projectTasks).set({ notes }).where(eq(projectTasks.id, taskId)),
  );
}

export function deleteTask(actor: Actor, projectId: string, taskId: string): Promise<void> {
  return changeTask(actor, projectId, taskId, { action: "project.delete-task", summary: "Deleted a task" }, (tx) =>
    tx.delete(projectTasks).where(eq(projectTasks.id, taskId)),
  );
}

async function insertTask(
  actor: Actor,
  projectId: string,
  task: { taskName: string; category: string; tierRequirement: TierId | null },
  entry: { action: "project.add-tier-task" | "project.add-custom-task"; summary: string },
): Promise<ProjectTask> {
  return db().transaction(async (tx) => {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
    if (!project) throw notFound("Project not found");
    const existing = await tx.select({ sortOrder: projectTasks.sortOrder }).from(projectTasks).where(eq(projectTasks.projectId, projectId));
    const [inserted] = await tx
      .insert(projectTasks)
      .values({ projectId, ...task, status: "pending", sortOrder: nextSortOrder(existing) })
      .onConflictDoNothing({ target: [projectTasks.projectId, projectTasks.taskName] })
      .returning();
    if (!inserted) throw new Refusal("Already Added", { status: 409, field: "taskName" });
    await recordAuditEntry(tx, actor, { ...entry, entityType: "project", entityId: projectId, details: { taskId: inserted.id, tier: task.tierRequirement } });
    return inserted;
  });
}

/** 'Add Task', tier-task mode: one task of a tier's checklist, unless already on the project. */
export async function addTierTask(actor: Actor, projectId: string, tier: TierId, taskName: string): Promise<ProjectTask> {
  const [template] = await db()
    .select()
    .from(tierTaskTemplates)
    .where(and(eq(tierTaskTemplates.tier, tier), eq(tierTaskTemplates.taskName, taskName)));
  if (!template) throw new Refusal("Choose a task", { field: "taskName" });
  return insertTask(
    actor,
    projectId,
    { taskName: template.taskName, category: template.category, tierRequirement: tier },
    { action: "project.add-tier-task", summary: `Added a task from the tier ${tier} checklist` },
  );
}

/** 'Add Task', custom mode: the category defaults to Custom. */
export async function addCustomTask(actor: Actor, projectId: string, taskName: string, category: string | null): Promise<ProjectTask> {
  return insertTask(
    actor,
    projectId,
    { taskName, category: category ?? CUSTOM_TASK_CATEGORY, tierRequirement: null },
    { action: "project.add-custom-task", summary: "Added a custom task" },
  );
}

/** The checklist items the agency has ticked on a client's projects (the client portal), in checklist order. */
export async function listTickedTasksOfClient(clientId: string): Promise<{ projectId: string; taskName: string; completedAt: Date | null }[]> {
  return db()
    .select({ projectId: projectTasks.projectId, taskName: projectTasks.taskName, completedAt: projectTasks.completedAt })
    .from(projectTasks)
    .innerJoin(projects, eq(projects.id, projectTasks.projectId))
    .where(and(eq(projects.clientId, clientId), eq(projectTasks.status, "complete")))
    .orderBy(asc(projectTasks.sortOrder), asc(projectTasks.createdAt));
}
