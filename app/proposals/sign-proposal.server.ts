import { eq } from "drizzle-orm";
import { attachAddOns } from "~/add-ons/attach-add-ons.server";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { clients, type Client } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { billSignedProposal } from "~/invoices/bill-signed-proposal.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { TierId } from "~/organization/tier-catalog";
import { createProjectAtTier } from "~/projects/create-project-at-tier.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { renderSealedContractPdf } from "~/signing/sealed-contract-pdf.server";
import { loadSigningCertificate } from "~/signing/signing-certificate.server";
import { appendProposalEvent, proposalEventsOf, type StepOrigin } from "./proposal-events.server";
import { chosenOptions, proposalTotals } from "./proposal-money";
import { PROPOSAL_EVENT_LABELS } from "./proposal-options";
import { CLIENT_SIGNER, lockVersionOfToken, recordProposalChange } from "./proposal-records.server";
import { proposals, proposalSignatures, type Proposal, type ProposalSignature, type ProposalVersion } from "./schema";
import { mailSignedContract } from "./signed-contract-mail.server";
import { CLOSED_MESSAGES, signableState } from "./signable";

export type SignProposalOptions = {
  token: string;
  /** The version and the contract's hash the client's page showed, the consent box and the name typed. */
  input: { versionId: string; contractSha256: string; consent: "yes"; signerName: string };
  origin: StepOrigin;
  now?: Date;
};

async function clientOf(tx: DatabaseExecutor, proposal: Proposal, tier: TierId, now: Date): Promise<{ client: Client; firstDraftInvoiceId: string | null }> {
  if (proposal.clientId) {
    const [client] = await tx.select().from(clients).where(eq(clients.id, proposal.clientId));
    if (!client) throw notFound("Client not found");
    return { client, firstDraftInvoiceId: null };
  }
  if (!proposal.leadId) throw new Refusal("This proposal has no one to sign it.", { status: 409 });
  // The new client is at the package they chose, as their project is.
  const conversion = await convertLeadToClient({ actor: CLIENT_SIGNER, leadId: proposal.leadId, now, executor: tx, tier });
  return { client: conversion.client, firstDraftInvoiceId: conversion.invoice?.id ?? null };
}

/** The frozen contract the client may sign, or the refusal that says why not. */
function checkSignable(proposal: Proposal, version: ProposalVersion, input: SignProposalOptions["input"], today: string) {
  const state = signableState(proposal, version, today);
  if (state !== "open" && state !== "signed") throw new Refusal(`${CLOSED_MESSAGES[state]}.`);
  if (input.versionId !== version.id) throw new Refusal(`${CLOSED_MESSAGES.replaced}.`);
  if (!version.contractText || !version.contractSha256 || !version.choice) throw new Refusal("Read the agreement before signing.");
  if (version.contractSha256 !== input.contractSha256) throw new Refusal("The agreement changed since you read it: read it again before signing.");
  return { contractText: version.contractText, contractSha256: version.contractSha256, choice: version.choice };
}

/**
 * 'Sign and accept', in one transaction: the consent and the signature recorded (chained), the lead
 * made a client, a project at the chosen package with its checklist and add-ons, the deposit
 * invoice sent and the remainder drafted, the sealed PDF kept and e-mailed to both sides.
 * Signing again (a double click, a replayed post, two tabs) finds the proposal's one signature
 * under the version's row lock and answers it, changing nothing.
 */
export async function signProposal({ token, input, origin, now = new Date() }: SignProposalOptions): Promise<ProposalSignature> {
  // The certificate is read (or made) on the database's own connection: before the transaction, so
  // that on a one-connection database it does not wait behind the transaction it would serve.
  await loadSigningCertificate({ commonName: (await getOrganizationSettings()).companyName ?? undefined });
  return db().transaction(async (tx) => {
    const { proposal, version } = await lockVersionOfToken(tx, token);
    const [signed] = await tx.select().from(proposalSignatures).where(eq(proposalSignatures.proposalId, proposal.id));
    if (signed) {
      if (signed.versionId === version.id && signed.contractSha256 === input.contractSha256) return signed;
      throw new Refusal("This proposal is already signed.", { status: 409 });
    }
    const settings = await getOrganizationSettings(tx);
    const { contractText, contractSha256, choice } = checkSignable(proposal, version, input, dayIn(now, settings.timezone));

    await appendProposalEvent(tx, { proposalId: proposal.id, versionId: version.id, kind: "consented", at: now, origin, details: { consent: "electronic records and signatures" } });
    await appendProposalEvent(tx, { proposalId: proposal.id, versionId: version.id, kind: "signed", at: now, origin, details: { signerName: input.signerName, contractSha256 } });

    const chosen = chosenOptions(version.offer.options, choice);
    const tier = chosen.find((option) => option.kind === "tier");
    if (!tier?.tier) throw new Refusal("Choose one of the packages offered.", { status: 409 });
    const { client, firstDraftInvoiceId } = await clientOf(tx, proposal, tier.tier, now);
    const addOns = chosen.filter((option) => option.kind === "add_on");
    const totals = proposalTotals(version.offer.options, version.offer, choice);
    const project = await createProjectAtTier({ executor: tx, actor: CLIENT_SIGNER, clientId: client.id, tier: tier.tier, name: proposal.title });
    await attachAddOns({ executor: tx, actor: CLIENT_SIGNER, projectId: project.id, addOns: addOns.flatMap((option) => (option.addOnId ? [{ addOnId: option.addOnId, priceCents: option.priceCents }] : [])) });
    const description = [tier.name, ...addOns.map((option) => option.name)].join(", ");
    const invoices = await billSignedProposal({
      executor: tx,
      actor: CLIENT_SIGNER,
      clientId: client.id,
      projectId: project.id,
      tier: tier.tier,
      description,
      depositCents: totals.depositCents,
      remainderCents: totals.remainderCents,
      firstDraftInvoiceId,
      now,
    });

    const events = await proposalEventsOf(tx, proposal.id);
    const pdf = await renderSealedContractPdf({
      agency: { name: settings.companyName ?? "Our studio", email: settings.replyToEmail ?? "" },
      title: proposal.title,
      contractText,
      contractSha256,
      signer: { name: input.signerName, email: proposal.recipientEmail },
      events: events.map((event) => ({ label: PROPOSAL_EVENT_LABELS[event.kind], occurredAt: event.occurredAt, ipAddress: event.ipAddress, userAgent: event.userAgent })),
      timeZone: settings.timezone,
    });
    const [signature] = await tx
      .insert(proposalSignatures)
      .values({
        proposalId: proposal.id,
        versionId: version.id,
        signerName: input.signerName,
        signerEmail: proposal.recipientEmail,
        signedAt: now,
        contractSha256,
        totalCents: totals.totalCents,
        depositCents: totals.depositCents,
        pdf: Buffer.from(pdf).toString("base64"),
        clientId: client.id,
        projectId: project.id,
        depositInvoiceId: invoices.deposit?.id ?? null,
        remainderInvoiceId: invoices.remainder?.id ?? null,
      })
      .returning();
    if (!signature) throw new Error("The signature was not saved");
    await tx.update(proposals).set({ status: "signed", clientId: client.id, updatedAt: now }).where(eq(proposals.id, proposal.id));
    await mailSignedContract(tx, { proposal, client, signature, settings, link: token });
    await recordProposalChange(tx, CLIENT_SIGNER, proposal, {
      intent: "sign",
      summary: `A proposal was signed (version ${version.number})`,
      details: { clientId: client.id, projectId: project.id, depositInvoiceId: invoices.deposit?.id ?? null, remainderInvoiceId: invoices.remainder?.id ?? null, contractSha256 },
    });
    return signature;
  });
}
