import { desc, eq, sql } from "drizzle-orm";
import { db, queryRows, type DatabaseExecutor } from "~/db/connection.server";
import { formatProjectNumber, type NewProjectInput } from "./project-form";
import { projects, type Project } from "./schema";

async function nextProjectNumber(tx: DatabaseExecutor): Promise<string> {
  const [row] = await queryRows<{ value: string | number }>(tx, sql`select nextval('project_number_seq') as value`);
  if (!row) throw new Error("The project number sequence gave no value");
  return formatProjectNumber(Number(row.value));
}

/** A new project for a client; it starts not_started (spec 001 §4). */
export async function createProjectForClient(clientId: string, input: NewProjectInput): Promise<Project> {
  return db().transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({
        clientId,
        name: input.name,
        tier: input.tier,
        status: "not_started",
        projectNumber: await nextProjectNumber(tx),
      })
      .returning();
    if (!project) throw new Error("The project was not saved");
    return project;
  });
}

/** A client's projects, newest first. */
export async function listProjectsForClient(clientId: string): Promise<Project[]> {
  return db().select().from(projects).where(eq(projects.clientId, clientId)).orderBy(desc(projects.createdAt), desc(projects.id));
}

export async function findProject(projectId: string): Promise<Project | undefined> {
  const [project] = await db().select().from(projects).where(eq(projects.id, projectId));
  return project;
}
