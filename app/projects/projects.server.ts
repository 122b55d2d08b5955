import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients } from "~/clients/schema";
import { db, queryRows, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { keysetPage, type KeysetOrder, type KeysetPage, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import { progressFromCounts, type ProjectProgress } from "./project-checklist";
import { formatProjectNumber, type NewProjectInput, type NewProjectPageInput, type ProjectDetailsInput } from "./project-form";
import type { ProjectListView, ProjectSortKey } from "./project-list-view";
import { PROJECT_STATUSES, type ProjectStatus } from "./project-options";
import { projects, type Project } from "./schema";

export const PROJECTS_PAGE_SIZE = 25;
/** The board shows at most this many cards per column; the table pages through the rest. */
export const BOARD_COLUMN_LIMIT = 100;

export async function nextProjectNumber(tx: DatabaseExecutor): Promise<string> {
  const [row] = await queryRows<{ value: string | number }>(tx, sql`select nextval('project_number_seq') as value`);
  if (!row) throw new Error("The project number sequence gave no value");
  return formatProjectNumber(Number(row.value));
}

/** A new project for a client; it starts not_started (spec 001 §4). */
export async function createProjectForClient(
  actor: Actor,
  clientId: string,
  input: NewProjectInput & { deliveryDeadline?: string | null },
): Promise<Project> {
  return db().transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw new Refusal("Client not found", { status: 404, field: "clientId" });
    const [project] = await tx
      .insert(projects)
      .values({
        clientId,
        name: input.name,
        tier: input.tier,
        status: "not_started",
        deliveryDeadline: input.deliveryDeadline ?? null,
        projectNumber: await nextProjectNumber(tx),
      })
      .returning();
    if (!project) throw new Error("The project was not saved");
    await recordAuditEntry(tx, actor, {
      action: "project.create-project",
      entityType: "project",
      entityId: project.id,
      summary: `Created project ${project.projectNumber} (tier ${project.tier})`,
      details: { clientId, tier: project.tier },
    });
    return project;
  });
}

/** 'New Project' on /admin/projects/new. */
export function createProject(actor: Actor, input: NewProjectPageInput): Promise<Project> {
  return createProjectForClient(actor, input.clientId, input);
}

export async function findProject(projectId: string): Promise<Project | undefined> {
  const [project] = await db().select().from(projects).where(eq(projects.id, projectId));
  return project;
}

/** The project with its client, or undefined for a project that is not there. */
export async function findProjectWithClient(projectId: string) {
  const [row] = await db()
    .select({ project: projects, client: { id: clients.id, name: clients.name, email: clients.email } })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, projectId));
  return row;
}

/**
 * Counts of a project's tasks, as a column of the query (the list, the board, the client panel).
 * Written with qualified names: drizzle leaves columns unqualified in a query without joins, and
 * inside this subquery an unqualified "id" would be the task's.
 */
const taskCount = sql<number>`(select count(*)::int from project_tasks where project_tasks.project_id = projects.id)`;
const completeCount = sql<number>`(select count(*)::int from project_tasks where project_tasks.project_id = projects.id and project_tasks.status = 'complete')`;

const listColumns = {
  id: projects.id,
  name: projects.name,
  projectNumber: projects.projectNumber,
  tier: projects.tier,
  status: projects.status,
  deliveryDeadline: projects.deliveryDeadline,
  versionNumber: projects.versionNumber,
  feedbackRounds: projects.feedbackRounds,
  handoffComplete: projects.handoffComplete,
  createdAt: projects.createdAt,
  clientId: projects.clientId,
  clientName: clients.name,
  taskCount,
  completeCount,
};

type ListRow = Pick<
  Project,
  "id" | "name" | "projectNumber" | "tier" | "status" | "deliveryDeadline" | "versionNumber" | "feedbackRounds" | "handoffComplete" | "createdAt" | "clientId"
> & { clientName: string; taskCount: number; completeCount: number };
export type ProjectListRow = Omit<ListRow, "taskCount" | "completeCount"> & { progress: ProjectProgress };

function withProgress({ taskCount: total, completeCount: complete, ...row }: ListRow): ProjectListRow {
  return { ...row, progress: progressFromCounts(Number(complete), Number(total)) };
}

function viewCondition(view: Pick<ProjectListView, "q" | "status">): SQL | undefined {
  return and(
    searchCondition(view.q, [projects.name, projects.projectNumber, clients.name]),
    view.status ? eq(projects.status, view.status) : undefined,
  );
}

// A project without a deadline sorts after every dated one.
const NO_DEADLINE = "9999-12-31";
const SORT_COLUMNS: Record<ProjectSortKey, { by: AnyColumn | SQL; valueKind: KeysetOrder["valueKind"]; value(row: ListRow): string }> = {
  created: { by: projects.createdAt, valueKind: "time", value: (row) => row.createdAt.toISOString() },
  deadline: { by: sql`coalesce(${projects.deliveryDeadline}, ${NO_DEADLINE}::date)`, valueKind: "date", value: (row) => row.deliveryDeadline ?? NO_DEADLINE },
  client: { by: clients.name, valueKind: "text", value: (row) => row.clientName },
  number: { by: projects.projectNumber, valueKind: "text", value: (row) => row.projectNumber },
};

/** One page of the Project Tracker, by keyset (as every list). */
export async function listProjects(query: PageQuery & { view: ProjectListView }): Promise<KeysetPage<ProjectListRow>> {
  const { view } = query;
  const sort = SORT_COLUMNS[view.sort.key];
  const page = await keysetPage(
    pageRequest(query, PROJECTS_PAGE_SIZE),
    { by: sort.by, tieBreaker: projects.id, direction: view.sort.direction, valueKind: sort.valueKind },
    ({ beyond, orderBy, limit }) =>
      db()
        .select(listColumns)
        .from(projects)
        .innerJoin(clients, eq(clients.id, projects.clientId))
        .where(and(viewCondition(view), beyond))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: sort.value(row), id: row.id }),
  );
  return { ...page, rows: page.rows.map(withProgress) };
}

/** The board: the view's projects by status, earliest deadline first, at most BOARD_COLUMN_LIMIT per column. */
export async function listProjectBoard(view: ProjectListView): Promise<ProjectListRow[]> {
  const statuses = view.status ? [view.status] : PROJECT_STATUSES;
  const columns = await Promise.all(
    statuses.map((status) =>
      db()
        .select(listColumns)
        .from(projects)
        .innerJoin(clients, eq(clients.id, projects.clientId))
        .where(and(viewCondition(view), eq(projects.status, status)))
        .orderBy(asc(SORT_COLUMNS.deadline.by), desc(projects.createdAt), desc(projects.id))
        .limit(BOARD_COLUMN_LIMIT),
    ),
  );
  return columns.flat().map(withProgress);
}

/** 'Project updated successfully'. Saving what is already there changes and records nothing. */
export async function updateProject(actor: Actor, projectId: string, input: ProjectDetailsInput): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update");
    if (!before) throw notFound("Project not found");
    const changed = (Object.keys(input) as (keyof ProjectDetailsInput)[]).filter((field) => input[field] !== before[field]);
    if (changed.length === 0) return;
    await tx.update(projects).set({ ...input, updatedAt: new Date() }).where(eq(projects.id, projectId));
    await recordAuditEntry(tx, actor, {
      action: "project.update-project",
      entityType: "project",
      entityId: projectId,
      summary: `Updated project ${before.projectNumber}`,
      details: { changed, status: input.status },
    });
  });
}

/** A card moved on the board (any status may be set, spec 001 §4). */
export async function setProjectStatus(actor: Actor, projectId: string, status: ProjectStatus): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx.select({ status: projects.status, projectNumber: projects.projectNumber }).from(projects).where(eq(projects.id, projectId)).for("update");
    if (!before) throw new Refusal("Failed to update status", { status: 404 });
    if (before.status === status) return;
    await tx.update(projects).set({ status, updatedAt: new Date() }).where(eq(projects.id, projectId));
    await recordAuditEntry(tx, actor, {
      action: "project.move-project",
      entityType: "project",
      entityId: projectId,
      summary: `Moved project ${before.projectNumber} from ${before.status} to ${status}`,
      details: { from: before.status, to: status },
    });
  });
}

/**
 * Deletes projects with, through their foreign keys, their tasks and add-ons (cascade); invoices,
 * consultations and discovery calls keep their rows with project_id set null. None of them left to
 * delete is the spec's 'Failed to delete project'.
 */
export async function deleteProjects(actor: Actor, ids: string[]): Promise<number> {
  return db().transaction(async (tx) => {
    const deleted = ids.length === 0 ? [] : await tx.delete(projects).where(inArray(projects.id, ids)).returning({ id: projects.id });
    const [only] = deleted;
    if (!only) throw notFound("Project not found", { title: "Failed to delete project" });
    await recordAuditEntry(tx, actor, {
      action: "project.delete-projects",
      entityType: "project",
      entityId: deleted.length === 1 ? only.id : null,
      summary: deleted.length === 1 ? "Deleted a project" : `Deleted ${deleted.length} projects`,
      details: { ids: deleted.map((row) => row.id) },
    });
    return deleted.length;
  });
}

export type ClientProjectRow = Project & { progress: ProjectProgress };

/** A client's projects with their checklist progress, newest first (the client page's Projects tab). */
export async function listClientProjectsWithProgress(clientId: string): Promise<ClientProjectRow[]> {
  const rows = await db()
    .select({ project: projects, taskCount, completeCount })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => ({ ...row.project, progress: progressFromCounts(Number(row.completeCount), Number(row.taskCount)) }));
}

/** Clients to choose from for a new project, by name. */
export async function listClientChoices(): Promise<{ id: string; name: string; tier: string }[]> {
  return db().select({ id: clients.id, name: clients.name, tier: clients.tier }).from(clients).orderBy(asc(clients.name)).limit(2000);
}

/** Delivery deadlines from a day on, of projects not complete (the admins' calendar feed), soonest first. */
export async function listProjectDeadlines(fromDay: string): Promise<{ id: string; label: string; clientName: string; deadline: string }[]> {
  const rows = await db()
    .select({ id: projects.id, name: projects.name, projectNumber: projects.projectNumber, clientName: clients.name, deadline: projects.deliveryDeadline })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(sql`${projects.status} <> 'complete'`, sql`${projects.deliveryDeadline} >= ${fromDay}::date`))
    .orderBy(asc(projects.deliveryDeadline))
    .limit(1000);
  return rows.flatMap((row) => (row.deadline ? [{ id: row.id, label: row.name ?? row.projectNumber, clientName: row.clientName, deadline: row.deadline }] : []));
}
