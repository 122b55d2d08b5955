import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import type { TierId } from "~/organization/tier-catalog";
import { addMissingTierTasks } from "./project-tasks.server";
import { nextProjectNumber } from "./projects.server";
import { projects, type Project } from "./schema";

export type CreateProjectAtTierOptions = {
  /** The caller's transaction: a signed proposal makes its project with the rest, or nothing. */
  executor: DatabaseExecutor;
  actor: Actor;
  clientId: string;
  tier: TierId;
  name: string | null;
};

/** A client's new project at a tier, with that tier's checklist already on it. */
export async function createProjectAtTier({ executor, actor, clientId, tier, name }: CreateProjectAtTierOptions): Promise<Project> {
  const [project] = await executor
    .insert(projects)
    .values({ clientId, name, tier, status: "not_started", projectNumber: await nextProjectNumber(executor) })
    .returning();
  if (!project) throw new Error("The project was not saved");
  const tasks = await addMissingTierTasks(executor, project.id, tier);
  await recordAuditEntry(executor, actor, {
    action: "project.create-project",
    entityType: "project",
    entityId: project.id,
    summary: `Created project ${project.projectNumber} (tier ${tier}) with its checklist of ${tasks} tasks`,
    details: { clientId, tier },
  });
  return project;
}
