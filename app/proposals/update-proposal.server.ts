import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import type { ProposalEditorInput } from "./proposal-forms";
import { saveProposalOptions } from "./proposal-options.server";
import { lockProposal, recordProposalChange } from "./proposal-records.server";
import { proposals } from "./schema";
import { sendProposal } from "./send-proposal.server";

export type UpdateProposalOptions = { actor: Actor; proposalId: string; input: ProposalEditorInput; now?: Date };

/**
 * The editor's 'Save'. A signed, paid or declined proposal never changes; a sent one is changed by
 * sending a new version with a new link in the same transaction (the old link says it was replaced).
 */
export async function updateProposal({ actor, proposalId, input, now = new Date() }: UpdateProposalOptions): Promise<{ resent: boolean }> {
  return db().transaction(async (tx) => {
    const proposal = await lockProposal(tx, proposalId);
    if (["signed", "paid", "declined"].includes(proposal.status)) throw new Refusal(`This proposal is ${proposal.status}: it no longer changes.`, { status: 409 });
    await tx
      .update(proposals)
      .set({
        title: input.title,
        discountCents: input.discount,
        depositRule: input.depositRule,
        depositValue: input.depositRule === "percent" ? input.depositPercent : input.depositFixed,
        expiresOn: input.expiresOn,
        note: input.note,
        contractTemplateId: input.contractTemplateId,
        reminderDays: input.reminderDays,
        updatedAt: now,
      })
      .where(eq(proposals.id, proposalId));
    await saveProposalOptions(tx, proposalId, input);
    await recordProposalChange(tx, actor, proposal, { intent: "update", summary: "Saved a proposal" });
    const resent = proposal.status !== "draft";
    if (resent) await sendProposal({ actor, proposalId, now, executor: tx });
    return { resent };
  });
}
