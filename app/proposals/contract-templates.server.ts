import { asc, eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { DEFAULT_CONTRACT_BODY, DEFAULT_CONTRACT_NAME, unknownPlaceholders } from "./contract-text";
import { contractTemplates, type ContractTemplate } from "./schema";

/** The default contract, when there is no contract template at all (an admin's edits stay). */
export async function seedDefaultContract(tx: DatabaseExecutor): Promise<void> {
  const [any] = await tx.select({ id: contractTemplates.id }).from(contractTemplates).limit(1);
  if (!any) await tx.insert(contractTemplates).values({ name: DEFAULT_CONTRACT_NAME, body: DEFAULT_CONTRACT_BODY, isDefault: true });
}

export async function listContractTemplates(executor: DatabaseExecutor = db()): Promise<ContractTemplate[]> {
  return executor.select().from(contractTemplates).orderBy(asc(contractTemplates.createdAt));
}

export type ContractTemplateInput = { name: string; body: string };

function checkBody(body: string): void {
  const unknown = unknownPlaceholders(body);
  if (unknown.length > 0) throw new Refusal(`Unknown placeholder: {{${unknown.join("}}, {{")}}}`, { field: "body" });
}

/** Saves a contract template's name and text; a sent proposal keeps the text it was sent with. */
export async function saveContractTemplate({ actor, templateId, input }: { actor: Actor; templateId: string | null; input: ContractTemplateInput }): Promise<ContractTemplate> {
  checkBody(input.body);
  return db().transaction(async (tx) => {
    const [saved] = templateId
      ? await tx.update(contractTemplates).set({ ...input, updatedAt: new Date() }).where(eq(contractTemplates.id, templateId)).returning()
      : await tx.insert(contractTemplates).values(input).returning();
    if (!saved) throw notFound("Contract template not found");
    await recordAuditEntry(tx, actor, {
      action: templateId ? "proposal.save-contract-template" : "proposal.create-contract-template",
      entityType: "contract_template",
      entityId: saved.id,
      summary: `${templateId ? "Saved" : "Created"} the contract template "${saved.name}"`,
    });
    return saved;
  });
}
