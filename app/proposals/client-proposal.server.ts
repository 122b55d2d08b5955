import { eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { findInvoiceDetail } from "~/invoices/invoice-detail.server";
import { invoiceLink } from "~/invoices/invoice-link.server";
import { bankTransferInstruction } from "~/invoices/invoice-document";
import { cardPayments } from "~/invoices/stripe-client.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { appendProposalEvent, proposalEventsOf, type StepOrigin } from "./proposal-events.server";
import { lockProposal, versionOfToken } from "./proposal-records.server";
import { proposals, proposalSignatures, type VersionOffer } from "./schema";
import { signableState, type SignableState } from "./signable";

export type DepositView = { invoiceNumber: string; amountCents: number; balanceCents: number; link: string | null; payByCard: boolean; bankTransfer: string };

export type ClientProposalView = {
  title: string;
  note: string | null;
  recipientName: string;
  expiresOn: string | null;
  state: SignableState;
  versionId: string;
  offer: VersionOffer;
  frozen: { text: string; sha256: string; choice: { tierOptionId: string; addOnOptionIds: string[] } } | null;
  signed: { signerName: string; signedAt: string; contractSha256: string; deposit: DepositView | null } | null;
};

/**
 * The client's page behind the link; undefined for a token that is none of ours (404). The first
 * opening of each version is recorded ("opened", chained) and a sent proposal becomes viewed.
 */
export async function openClientProposal({ token, origin, now = new Date() }: { token: string; origin: StepOrigin; now?: Date }): Promise<ClientProposalView | undefined> {
  const settings = await getOrganizationSettings();
  const found = await versionOfToken(db(), token);
  if (!found) return undefined;
  const proposal = await db().transaction(async (tx) => {
    const locked = await lockProposal(tx, found.proposalId);
    const opened = (await proposalEventsOf(tx, locked.id)).some((event) => event.kind === "opened" && event.versionId === found.id);
    if (!opened && !found.replacedAt) {
      await appendProposalEvent(tx, { proposalId: locked.id, versionId: found.id, kind: "opened", at: now, origin, details: { version: found.number } });
      if (locked.status === "sent") await tx.update(proposals).set({ status: "viewed", updatedAt: now }).where(eq(proposals.id, locked.id));
    }
    return locked;
  });
  const [signature] = await db().select().from(proposalSignatures).where(eq(proposalSignatures.proposalId, proposal.id));
  const deposit = signature?.depositInvoiceId ? await findInvoiceDetail(signature.depositInvoiceId) : undefined;
  const agency = { name: settings.companyName ?? "Our studio", email: settings.replyToEmail, phone: settings.phone };
  return {
    title: proposal.title,
    note: proposal.note,
    recipientName: proposal.recipientName,
    expiresOn: proposal.expiresOn,
    state: signableState(proposal, found, dayIn(now, settings.timezone)),
    versionId: found.id,
    offer: found.offer,
    frozen: found.contractText && found.contractSha256 && found.choice ? { text: found.contractText, sha256: found.contractSha256, choice: found.choice } : null,
    signed:
      signature && signature.versionId === found.id
        ? {
            signerName: signature.signerName,
            signedAt: signature.signedAt.toISOString(),
            contractSha256: signature.contractSha256,
            deposit: deposit
              ? {
                  invoiceNumber: deposit.invoice.invoiceNumber,
                  amountCents: deposit.invoice.totalCents,
                  balanceCents: deposit.money.balanceCents,
                  link: deposit.invoice.viewToken ? invoiceLink(deposit.invoice.viewToken) : null,
                  payByCard: cardPayments() !== null && deposit.money.balanceCents > 0,
                  bankTransfer: bankTransferInstruction(agency, deposit.invoice.invoiceNumber),
                }
              : null,
          }
        : null,
  };
}
