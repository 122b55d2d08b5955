import { asc, eq } from "drizzle-orm";
import { addOns } from "~/add-ons/schema";
import { db } from "~/db/connection.server";
import { packageTiers } from "~/organization/schema";
import { listContractTemplates } from "./contract-templates.server";
import { proposalEventsOf, verifyProposalRecord } from "./proposal-events.server";
import { proposalLink } from "./proposal-link.server";
import { optionsOf } from "./proposal-options.server";
import { currentVersionOf } from "./proposal-records.server";
import { proposals, proposalSignatures } from "./schema";

/** What the editor shows: the proposal, its options, the catalogue to choose from, its link, its record. */
export async function loadProposalEditor(proposalId: string) {
  const [proposal] = await db().select().from(proposals).where(eq(proposals.id, proposalId));
  if (!proposal) return undefined;
  const [options, tiers, catalogue, templates, version, events, chain, signature] = await Promise.all([
    optionsOf(db(), proposalId),
    db().select().from(packageTiers).orderBy(asc(packageTiers.sortOrder)),
    db().select().from(addOns).where(eq(addOns.isActive, true)).orderBy(asc(addOns.name)),
    listContractTemplates(),
    currentVersionOf(db(), proposalId),
    proposalEventsOf(db(), proposalId),
    verifyProposalRecord(db(), proposalId),
    db()
      .select({ signerName: proposalSignatures.signerName, signedAt: proposalSignatures.signedAt, contractSha256: proposalSignatures.contractSha256, clientId: proposalSignatures.clientId, projectId: proposalSignatures.projectId, depositInvoiceId: proposalSignatures.depositInvoiceId, remainderInvoiceId: proposalSignatures.remainderInvoiceId })
      .from(proposalSignatures)
      .where(eq(proposalSignatures.proposalId, proposalId)),
  ]);
  return {
    proposal,
    options,
    tiers,
    catalogue,
    templates,
    link: version ? proposalLink(version.token) : null,
    events: events.map((event) => ({ id: event.id, kind: event.kind, occurredAt: event.occurredAt, ipAddress: event.ipAddress, userAgent: event.userAgent })),
    chainValid: chain.valid,
    signature: signature[0] ?? null,
  };
}
