import { eq } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { appendProposalEvent, NO_ORIGIN } from "./proposal-events.server";
import { lockProposal } from "./proposal-records.server";
import { proposals, proposalSignatures } from "./schema";

/** An invoice was paid: when it is a signed proposal's deposit, "deposit paid" is recorded and the proposal is paid. */
export async function recordDepositPaid(tx: DatabaseExecutor, { invoiceId, now }: { invoiceId: string; now: Date }): Promise<void> {
  const [signature] = await tx.select().from(proposalSignatures).where(eq(proposalSignatures.depositInvoiceId, invoiceId));
  if (!signature) return;
  const proposal = await lockProposal(tx, signature.proposalId);
  if (proposal.status !== "signed") return;
  await tx.update(proposals).set({ status: "paid", updatedAt: now }).where(eq(proposals.id, proposal.id));
  await appendProposalEvent(tx, { proposalId: proposal.id, versionId: signature.versionId, kind: "deposit_paid", at: now, origin: NO_ORIGIN, details: { invoiceId } });
}
