import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import { projectAddOns } from "./schema";

export type AttachAddOnsOptions = {
  /** The caller's transaction (a signed proposal's). */
  executor: DatabaseExecutor;
  actor: Actor;
  projectId: string;
  /** Each add-on at the price it was sold at. */
  addOns: readonly { addOnId: string; priceCents: number }[];
};

/** Puts sold add-ons on a new project at their agreed prices. */
export async function attachAddOns({ executor, actor, projectId, addOns }: AttachAddOnsOptions): Promise<void> {
  if (addOns.length === 0) return;
  await executor
    .insert(projectAddOns)
    .values(addOns.map((addOn) => ({ projectId, addOnId: addOn.addOnId, quantity: 1, customPriceCents: addOn.priceCents })))
    .onConflictDoNothing({ target: [projectAddOns.projectId, projectAddOns.addOnId] });
  await recordAuditEntry(executor, actor, {
    action: "project.attach-sold-add-ons",
    entityType: "project",
    entityId: projectId,
    summary: `Attached ${addOns.length} add-on(s) to a project`,
    details: { addOnIds: addOns.map((addOn) => addOn.addOnId) },
  });
}
