// What the proposal use cases share inside their transactions: the locked proposal, its audit entry.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditChangeOf } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import { notFound } from "~/refusal/refusal";
import { proposals, proposalVersions, type Proposal, type ProposalVersion } from "./schema";

/** The client's steps are not an admin's: the audit log names them so. */
export const CLIENT_SIGNER: Actor = { userId: null, email: "client (proposal link)", sessionId: null, ipAddress: null };

export async function lockProposal(tx: DatabaseExecutor, proposalId: string): Promise<Proposal> {
  const [proposal] = await tx.select().from(proposals).where(eq(proposals.id, proposalId)).for("update");
  if (!proposal) throw notFound("Proposal not found");
  return proposal;
}

/**
 * The proposal and the version a client's link names, both locked for the client's step (freeze,
 * sign), proposal first as every change to a proposal takes them; a link that is none of ours is a 404.
 */
export async function lockVersionOfToken(tx: DatabaseExecutor, token: string): Promise<{ proposal: Proposal; version: ProposalVersion }> {
  const found = await versionOfToken(tx, token);
  if (!found) throw notFound("Proposal not found");
  const proposal = await lockProposal(tx, found.proposalId);
  const [version] = await tx.select().from(proposalVersions).where(eq(proposalVersions.id, found.id)).for("update");
  if (!version) throw notFound("Proposal not found");
  return { proposal, version };
}

/** The version a link names, or undefined for a token that is none of ours. */
export async function versionOfToken(executor: DatabaseExecutor, token: string): Promise<ProposalVersion | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [version] = await executor.select().from(proposalVersions).where(eq(proposalVersions.token, token));
  return version;
}

export async function currentVersionOf(executor: DatabaseExecutor, proposalId: string): Promise<ProposalVersion | undefined> {
  const [version] = await executor
    .select()
    .from(proposalVersions)
    .where(and(eq(proposalVersions.proposalId, proposalId), isNull(proposalVersions.replacedAt)))
    .orderBy(desc(proposalVersions.number))
    .limit(1);
  return version;
}

export async function recordProposalChange(tx: DatabaseExecutor, actor: Actor, proposal: Pick<Proposal, "id" | "title">, change: AuditChangeOf<"proposal">) {
  await recordAuditEntry(tx, actor, {
    action: `proposal.${change.intent}`,
    entityType: "proposal",
    entityId: proposal.id,
    summary: change.summary,
    details: change.details,
  });
}
