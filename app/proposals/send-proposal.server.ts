import { and, eq, isNull, max } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/email/template-variables";
import { formatDay } from "~/formatting/dates";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Refusal } from "~/refusal/refusal";
import { appendProposalEvent, NO_ORIGIN } from "./proposal-events.server";
import { newProposalToken, proposalLink } from "./proposal-link.server";
import { optionsOf } from "./proposal-options.server";
import { lockProposal, recordProposalChange } from "./proposal-records.server";
import { contractTemplates, proposals, proposalVersions, type ProposalVersion } from "./schema";

export type SendProposalOptions = {
  actor: Actor;
  proposalId: string;
  now?: Date;
  /** The editor's transaction when a sent proposal was changed: the new version goes with the change. */
  executor?: DatabaseExecutor;
};

/**
 * 'Send': freezes what the proposal offers as a new version with its own link, replaces the
 * version sent before (its link then only says so), and e-mails the client the link. A signed,
 * paid or declined proposal is never sent again.
 */
export async function sendProposal({ actor, proposalId, now = new Date(), executor }: SendProposalOptions): Promise<{ link: string; version: ProposalVersion }> {
  return (executor ?? db()).transaction(async (tx) => {
    const proposal = await lockProposal(tx, proposalId);
    if (["signed", "paid", "declined"].includes(proposal.status)) throw new Refusal(`This proposal is ${proposal.status}: it cannot be sent again.`, { status: 409 });
    const settings = await getOrganizationSettings(tx);
    const options = await optionsOf(tx, proposalId);
    if (!options.some((option) => option.kind === "tier")) throw new Refusal("Add at least one package before sending.");
    const [template] = proposal.contractTemplateId ? await tx.select().from(contractTemplates).where(eq(contractTemplates.id, proposal.contractTemplateId)) : [];
    if (!template) throw new Refusal("Choose a contract before sending.", { field: "contractTemplateId" });

    await tx.update(proposalVersions).set({ replacedAt: now }).where(and(eq(proposalVersions.proposalId, proposalId), isNull(proposalVersions.replacedAt)));
    const [last] = await tx.select({ number: max(proposalVersions.number) }).from(proposalVersions).where(eq(proposalVersions.proposalId, proposalId));
    const [version] = await tx
      .insert(proposalVersions)
      .values({
        proposalId,
        number: (last?.number ?? 0) + 1,
        token: newProposalToken(),
        offer: {
          options: options.map(({ id, kind, tier, addOnId, name, priceCents, included }) => ({ id, kind, tier, addOnId, name, priceCents, included })),
          discountCents: proposal.discountCents,
          depositRule: proposal.depositRule,
          depositValue: proposal.depositValue,
          templateBody: template.body,
        },
      })
      .returning();
    if (!version) throw new Error("The proposal's version was not saved");
    await tx.update(proposals).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(proposals.id, proposalId));
    await appendProposalEvent(tx, { proposalId, versionId: version.id, kind: "sent", at: now, origin: NO_ORIGIN, details: { version: version.number, to: proposal.recipientEmail } });
    const link = proposalLink(version.token);
    await enqueueTemplatedEmail(tx, {
      templateKey: "proposal",
      to: proposal.recipientEmail,
      toName: proposal.recipientName,
      emailType: "proposal",
      leadId: proposal.leadId,
      actorUserId: actor.userId,
      metadata: { proposalId, version: version.number },
      variables: {
        FirstName: firstName(proposal.recipientName),
        ProposalTitle: proposal.title,
        PersonalNote: proposal.note,
        ProposalLink: link,
        ExpiryDate: proposal.expiresOn ? formatDay(proposal.expiresOn) : "further notice",
        CompanyName: settings.companyName ?? "Our studio",
      },
      portalLink: proposal.clientId ? clientPortalLink(settings) : null,
    });
    await recordProposalChange(tx, actor, proposal, { intent: "send", summary: `Sent version ${version.number} of a proposal`, details: { version: version.number } });
    return { link, version };
  });
}
