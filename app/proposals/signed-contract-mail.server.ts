import type { Client } from "~/clients/schema";
import type { DatabaseExecutor } from "~/db/connection.server";
import { queueClientAndAgencyMail } from "~/email/client-and-agency-mail.server";
import { firstName } from "~/email/template-variables";
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
  await queueClientAndAgencyMail(tx, settings, {
    client,
    templates: { client: "proposal_signed", agency: "proposal_signed_notification" },
    eventId: proposal.id,
    variables,
    metadata,
    attachments,
  });
}
