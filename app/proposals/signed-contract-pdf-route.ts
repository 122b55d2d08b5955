import { requireAdmin } from "~/auth/guard.server";
import { recordIdParam } from "~/forms/record-id";
import { notFound } from "~/refusal/refusal";
import type { Route } from "./+types/signed-contract-pdf-route";
import { signedContractPdf } from "./proposals-of-client.server";
import { signedContractFileName } from "./signed-contract-mail.server";

/** The sealed PDF of a signed proposal, for the agency. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const proposalId = recordIdParam(params.proposalId);
  const found = proposalId ? await signedContractPdf({ proposalId }) : null;
  if (!found) throw notFound("Signed contract not found");
  return new Response(new Uint8Array(found.pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${signedContractFileName(found.title)}"`, "Cache-Control": "private, no-store" },
  });
}
