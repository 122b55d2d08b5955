import { eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Refusal } from "~/refusal/refusal";
import { sha256Hex } from "~/signing/contract-hash";
import { contractOfChoice } from "./proposal-contract.server";
import { appendProposalEvent, type StepOrigin } from "./proposal-events.server";
import { isValidChoice } from "./proposal-money";
import { lockVersionOfToken } from "./proposal-records.server";
import { proposalVersions, type VersionChoice } from "./schema";
import { CLOSED_MESSAGES, signableState } from "./signable";

export type FreezeContractOptions = { token: string; choice: VersionChoice; origin: StepOrigin; now?: Date };

/**
 * The client read the contract with their choice and goes on to sign: that exact text is frozen
 * on the version with its SHA-256 (and "viewed version" recorded). Choosing again before signing
 * freezes the new text; signing checks the hash the client saw is the one frozen.
 */
export async function freezeContract({ token, choice, origin, now = new Date() }: FreezeContractOptions): Promise<{ contractSha256: string }> {
  return db().transaction(async (tx) => {
    const { proposal, version } = await lockVersionOfToken(tx, token);
    const settings = await getOrganizationSettings(tx);
    const state = signableState(proposal, version, dayIn(now, settings.timezone));
    if (state === "signed") throw new Refusal("This proposal is already signed.", { status: 409 });
    if (state !== "open") throw new Refusal(`${CLOSED_MESSAGES[state]}.`);
    if (!isValidChoice(version.offer.options, choice)) throw new Refusal("Choose one of the packages offered.", { field: "tierOptionId" });
    const contract = await contractOfChoice(tx, proposal, version.offer, choice, now);
    const contractSha256 = sha256Hex(contract.text);
    await tx.update(proposalVersions).set({ contractText: contract.text, contractSha256, choice, frozenAt: now }).where(eq(proposalVersions.id, version.id));
    await appendProposalEvent(tx, { proposalId: proposal.id, versionId: version.id, kind: "viewed_version", at: now, origin, details: { contractSha256, choice, totalCents: contract.totals.totalCents } });
    return { contractSha256 };
  });
}
