import { requireAdmin } from "~/auth/guard.server";
import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/signed-contract-pdf-route";
import { signedContractPdf } from "./proposals-of-client.server";
import { signedContractFileName } from "./signed-contract-mail.server";
import { fileDownload } from "~/http/file-download";

/** The sealed PDF of a signed proposal, for the agency. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const proposalId = recordIdParam(params.proposalId);
  const found = requireRecord(proposalId ? await signedContractPdf({ proposalId }) : null, "Signed contract not found", { href: "/admin/proposals", label: "Back to Proposals" });
  return fileDownload(new Uint8Array(found.pdf), { contentType: "application/pdf", fileName: signedContractFileName(found.title) });
}
