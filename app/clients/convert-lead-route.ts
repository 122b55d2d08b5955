import { answerAdminForm } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import { recordId } from "~/forms/record-id";
import { returnToSchema } from "~/leads/lead-forms";
import type { Route } from "./+types/convert-lead-route";
import { convertLeadToClient } from "./convert-lead-to-client.server";

const convertLeadSchema = returnToSchema.extend({ leadId: recordId("This lead no longer exists.") });

// POST /admin/leads/:leadId/convert — posted by ConvertLeadAction (leads list and lead details).
// Answers the one form result: a redirect back to `returnTo` (a leads page, else the list) with the toast, or a refusal.
export async function action({ request, params }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    default: async (form) => {
      const { leadId, returnTo } = parseForm(convertLeadSchema, { leadId: params.leadId, returnTo: form.get("returnTo") ?? undefined });
      const back = returnTo ?? "/admin/leads";
      const { lead, client, invoice } = await convertLeadToClient({ actor, leadId });
      if (!invoice) {
        return redirectWithToast(back, {
          type: "info",
          title: `${lead.name} is already a client`,
          description: "Converting again changes nothing; open Clients to see them.",
        });
      }
      return redirectWithToast(back, {
        type: "success",
        title: `${client.name} converted to customer successfully`,
        description: `Draft invoice ${invoice.invoiceNumber} created.`,
      });
    },
  }));
}
