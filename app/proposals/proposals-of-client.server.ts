import { and, desc, eq, isNull, or } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { proposalLink } from "./proposal-link.server";
import type { ProposalStatus } from "./proposal-options";
import { proposals, proposalSignatures, proposalVersions } from "./schema";

export type ClientProposalRow = { id: string; title: string; status: ProposalStatus; link: string | null; signed: boolean; signedAt: Date | null };

/** A client's proposals (theirs, or their lead's), sent ones with their current link, signed ones with their PDF. */
export async function proposalsOfClient({ clientId, leadId, sentOnly = false }: { clientId: string; leadId: string | null; sentOnly?: boolean }): Promise<ClientProposalRow[]> {
  const rows = await db()
    .select({ id: proposals.id, title: proposals.title, status: proposals.status, token: proposalVersions.token, signedAt: proposalSignatures.signedAt })
    .from(proposals)
    .leftJoin(proposalVersions, and(eq(proposalVersions.proposalId, proposals.id), isNull(proposalVersions.replacedAt)))
    .leftJoin(proposalSignatures, eq(proposalSignatures.proposalId, proposals.id))
    .where(or(eq(proposals.clientId, clientId), leadId ? eq(proposals.leadId, leadId) : undefined))
    .orderBy(desc(proposals.createdAt));
  return rows
    .filter((row) => !sentOnly || row.status !== "draft")
    .map((row) => ({ id: row.id, title: row.title, status: row.status, link: row.token ? proposalLink(row.token) : null, signed: row.signedAt !== null, signedAt: row.signedAt }));
}

/** The sealed PDF of a proposal, when signed; `clientId` limits it to that client's (the portal). */
export async function signedContractPdf({ proposalId, clientId }: { proposalId: string; clientId?: string }): Promise<{ title: string; pdf: Buffer } | null> {
  const [row] = await db()
    .select({ title: proposals.title, pdf: proposalSignatures.pdf, clientId: proposalSignatures.clientId })
    .from(proposalSignatures)
    .innerJoin(proposals, eq(proposals.id, proposalSignatures.proposalId))
    .where(eq(proposalSignatures.proposalId, proposalId));
  if (!row || (clientId && row.clientId !== clientId)) return null;
  return { title: row.title, pdf: Buffer.from(row.pdf, "base64") };
}
