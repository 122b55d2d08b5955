import type { Client } from "~/clients/schema";
import type { DatabaseExecutor } from "~/db/connection.server";
import { enqueueTemplatedEmail } from "~/email/outbox.server";
import { firstName } from "~/email/template-variables";
import { agencyAddress } from "~/organization/agency-address";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import type { OrganizationSettings } from "~/organization/schema";
import { proposalLink } from "./proposal-link.server";
import type { Proposal, ProposalSignature } from "./schema";

/** The sealed PDF's file name, e.g. "Signed agreement - Website proposal for Jordan.pdf". */
export function signedContractFileName(title: string): string {
  return `Signed agreement - ${title.replace(/[^\w .-]+/g, "").slice(0, 80)}.pdf`;
}

/** The sealed PDF to the client and to the agency, through the outbox in the signing's transaction. */
export async function mailSignedContract(
  tx: DatabaseExecutor,
  { proposal, client, signature, settings, link }: { proposal: Proposal; client: Client; signature: ProposalSignature; settings: OrganizationSettings; link: string },
): Promise<void> {
  const attachments = [{ filename: signedContractFileName(proposal.title), contentType: "application/pdf", content: signature.pdf }];
  const variables = {
    FirstName: firstName(client.name),
    ClientName: client.name,
    ProposalTitle: proposal.title,
    ProposalLink: proposalLink(link),
    SignerName: signature.signerName,
    ContractHash: signature.contractSha256,
    CompanyName: settings.companyName ?? "Our studio",
  };
  const metadata = { proposalId: proposal.id, clientId: client.id };
  await enqueueTemplatedEmail(tx, {
    templateKey: "proposal_signed",
    to: client.email,
    toName: client.name,
    emailType: "proposal_signed",
    leadId: client.leadId,
    metadata,
    dedupeKey: `proposal-signed:${proposal.id}`,
    variables,
    attachments,
    portalLink: clientPortalLink(settings),
  });
  const agency = agencyAddress(settings);
  if (!agency) return;
  await enqueueTemplatedEmail(tx, {
    templateKey: "proposal_signed_notification",
    to: agency,
    emailType: "proposal_signed_notification",
    metadata,
    dedupeKey: `proposal-signed-notification:${proposal.id}`,
    variables,
    attachments,
  });
}
