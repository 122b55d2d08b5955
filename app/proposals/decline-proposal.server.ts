import { eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { appendProposalEvent, type StepOrigin } from "./proposal-events.server";
import { CLIENT_SIGNER, lockProposal, recordProposalChange, versionOfToken } from "./proposal-records.server";
import { proposals } from "./schema";
import { CLOSED_MESSAGES, signableState } from "./signable";

export type DeclineProposalOptions = { token: string; reason: string | null; origin: StepOrigin; now?: Date };

/** The client declines, with an optional reason: the proposal is closed, its reminders stop. */
export async function declineProposal({ token, reason, origin, now = new Date() }: DeclineProposalOptions): Promise<void> {
  await db().transaction(async (tx) => {
    const version = await versionOfToken(tx, token);
    if (!version) throw notFound("Proposal not found");
    const proposal = await lockProposal(tx, version.proposalId);
    const settings = await getOrganizationSettings(tx);
    const state = signableState(proposal, version, dayIn(now, settings.timezone));
    if (state === "signed") throw new Refusal("This proposal is already signed.", { status: 409 });
    if (state !== "open") throw new Refusal(`${CLOSED_MESSAGES[state]}.`);
    await tx.update(proposals).set({ status: "declined", updatedAt: now }).where(eq(proposals.id, proposal.id));
    await appendProposalEvent(tx, { proposalId: proposal.id, versionId: version.id, kind: "declined", at: now, origin, details: { reason } });
    await recordProposalChange(tx, CLIENT_SIGNER, proposal, { intent: "decline", summary: "A proposal was declined", details: { reason } });
  });
}
