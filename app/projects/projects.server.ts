import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { clients } from "~/clients/schema";
import { db, queryRows, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { decodeRowCursor, encodeKeysetCursor, type KeysetCursor } from "~/lists/list-view";
import { progressFromCounts, type ProjectProgress } from "./project-checklist";
import { formatProjectNumber, type NewProjectInput, type NewProjectPageInput, type ProjectDetailsInput } from "./project-form";
import type { ProjectListView, ProjectSortKey } from "./project-list-view";
import { PROJECT_STATUSES, type ProjectStatus } from "./project-options";
import { projects, type Project } from "./schema";

export const PROJECTS_PAGE_SIZE = 25;
/** The board shows at most this many cards per column; the table pages through the rest. */
export const BOARD_COLUMN_LIMIT = 100;

async function nextProjectNumber(tx: DatabaseExecutor): Promise<string> {
  const [row] = await queryRows<{ value: string | number }>(tx, sql`select nextval('project_number_seq') as value`);
  if (!row) throw new Error("The project number sequence gave no value");
  return formatProjectNumber(Number(row.value));
}

/** A new project for a client; it starts not_started (spec 001 §4). */
export async function createProjectForClient(
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
    return project;
  });
}

/** 'New Project' on /admin/projects/new. */
export function createProject(input: NewProjectPageInput): Promise<Project> {
  return createProjectForClient(input.clientId, input);
}

/** A client's projects, newest first. */
export async function listProjectsForClient(clientId: string): Promise<Project[]> {
  return db().select().from(projects).where(eq(projects.clientId, clientId)).orderBy(desc(projects.createdAt), desc(projects.id));
}

export async function findProject(projectId: string): Promise<Project | undefined> {
  const [project] = await db().select().from(projects).where(eq(projects.id, projectId));
  return project;
}

/** The project with its client, or the spec's 'Project not found'. */
export async function getProjectWithClient(projectId: string) {
  const [row] = await db()
    .select({ project: projects, client: { id: clients.id, name: clients.name, email: clients.email } })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, projectId));
  if (!row) throw notFound("Project not found");
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

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function viewCondition(view: Pick<ProjectListView, "search" | "status">): SQL | undefined {
  const pattern = view.search ? containsPattern(view.search) : null;
  return and(
    pattern ? or(ilike(projects.name, pattern), ilike(projects.projectNumber, pattern), ilike(clients.name, pattern)) : undefined,
    view.status ? eq(projects.status, view.status) : undefined,
  );
}

// A project without a deadline sorts after every dated one.
const NO_DEADLINE = "9999-12-31";
const SORT_EXPRESSIONS: Record<ProjectSortKey, SQL> = {
  created: sql`${projects.createdAt}`,
  deadline: sql`coalesce(${projects.deliveryDeadline}, ${NO_DEADLINE}::date)`,
  client: sql`${clients.name}`,
  number: sql`${projects.projectNumber}`,
};
const CURSOR_CASTS: Record<ProjectSortKey, (value: string | null) => SQL> = {
  created: (value) => sql`${value}::timestamptz`,
  deadline: (value) => sql`${value}::date`,
  client: (value) => sql`${value}`,
  number: (value) => sql`${value}`,
};

function sortValue(row: ListRow, key: ProjectSortKey): string {
  if (key === "created") return row.createdAt.toISOString();
  if (key === "deadline") return row.deliveryDeadline ?? NO_DEADLINE;
  return key === "client" ? row.clientName : row.projectNumber;
}

function keysetCondition(key: ProjectSortKey, cursor: KeysetCursor, towards: "asc" | "desc"): SQL {
  const value = CURSOR_CASTS[key](cursor.value);
  return towards === "desc"
    ? sql`(${SORT_EXPRESSIONS[key]}, ${projects.id}) < (${value}, ${cursor.id}::uuid)`
    : sql`(${SORT_EXPRESSIONS[key]}, ${projects.id}) > (${value}, ${cursor.id}::uuid)`;
}

export type ProjectListPage = { projects: ProjectListRow[]; nextCursor: string | null; previousCursor: string | null };

/** One page of the Project Tracker, by keyset (as the leads list). */
export async function listProjects(query: { view: ProjectListView; after?: string | null; before?: string | null; pageSize?: number }): Promise<ProjectListPage> {
  const pageSize = query.pageSize ?? PROJECTS_PAGE_SIZE;
  const { key, direction } = query.view.sort;
  const timeSort = key === "created" || key === "deadline";
  const after = decodeRowCursor(query.after, timeSort);
  const before = after ? null : decodeRowCursor(query.before, timeSort);
  const readDirection = before ? (direction === "asc" ? "desc" : "asc") : direction;
  const boundary = after ?? before;
  const order = readDirection === "desc" ? desc : asc;
  const rows = await db()
    .select(listColumns)
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(viewCondition(query.view), boundary ? keysetCondition(key, boundary, readDirection) : undefined))
    .orderBy(order(SORT_EXPRESSIONS[key]), order(projects.id))
    .limit(pageSize + 1);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const cursorOf = (row: ListRow) => encodeKeysetCursor({ value: sortValue(row, key), id: row.id });
  const hasPrevious = before ? hasMore : Boolean(after);
  const hasNext = before ? true : hasMore;
  return {
    projects: page.map(withProgress),
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  };
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
        .orderBy(asc(SORT_EXPRESSIONS.deadline), desc(projects.createdAt), desc(projects.id))
        .limit(BOARD_COLUMN_LIMIT),
    ),
  );
  return columns.flat().map(withProgress);
}

/** 'Project updated successfully'. */
export async function updateProject(projectId: string, input: ProjectDetailsInput): Promise<void> {
  const updated = await db().update(projects).set({ ...input, updatedAt: new Date() }).where(eq(projects.id, projectId)).returning({ id: projects.id });
  if (updated.length === 0) throw notFound("Project not found");
}

/** A card moved on the board (any status may be set, spec 001 §4). */
export async function setProjectStatus(projectId: string, status: ProjectStatus): Promise<void> {
  const updated = await db().update(projects).set({ status, updatedAt: new Date() }).where(eq(projects.id, projectId)).returning({ id: projects.id });
  if (updated.length === 0) throw new Refusal("Failed to update status", { status: 404 });
}

/**
 * Deletes projects with, through their foreign keys, their tasks and add-ons (cascade); invoices,
 * consultations and discovery calls keep their rows with project_id set null.
 */
export async function deleteProjects(ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db().delete(projects).where(inArray(projects.id, ids)).returning({ id: projects.id });
  return deleted.length;
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
