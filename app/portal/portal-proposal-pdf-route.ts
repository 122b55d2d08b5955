import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import { signedContractPdf } from "~/proposals/proposals-of-client.server";
import { signedContractFileName } from "~/proposals/signed-contract-mail.server";
import type { Route } from "./+types/portal-proposal-pdf-route";
import { requirePortalClient } from "./portal-session.server";
import { fileDownload } from "~/http/file-download";

/** The sealed PDF of one of the client's signed proposals; another client's is a plain 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const proposalId = recordIdParam(params.proposalId);
  const found = requireRecord(proposalId ? await signedContractPdf({ proposalId, clientId: client.id }) : null, "Signed contract not found");
  return fileDownload(new Uint8Array(found.pdf), { contentType: "application/pdf", fileName: signedContractFileName(found.title) });
}
