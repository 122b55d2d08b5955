import { redirect } from "react-router";
import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import type { Route } from "./+types/new-proposal-route";
import { createProposal } from "./create-proposal.server";
import { newProposalSchema } from "./proposal-forms";

/** 'New proposal' from a lead's or a client's row: a draft for them, opened in the editor. */
export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    default: async (form) => {
      const proposal = await createProposal({ actor, recipient: parseForm(newProposalSchema, form) });
      return redirect(`/admin/proposals/${proposal.id}`);
    },
  }));
}
