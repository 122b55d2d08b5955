import { z } from "~/forms/zod";
import { safeAdminReturnPath } from "~/auth/auth-forms";
import { requireAdmin } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/convert-lead-route";
import { convertLeadToClient } from "./lead-conversion.server";

const convertLeadSchema = z.object({ leadId: z.uuid("This lead no longer exists.") });

// POST /admin/leads/:leadId/convert — posted by ConvertLeadAction (leads list and lead details).
// Answers the one form result: a redirect back to `redirectTo` with the toast, or a refusal.
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return answerForm(request, {
    default: async (form) => {
      const { leadId } = parseForm(convertLeadSchema, { leadId: params.leadId });
      const redirectTo = form.get("redirectTo");
      const back = safeAdminReturnPath(typeof redirectTo === "string" ? redirectTo : null) ?? "/admin/leads";
      const { lead, client, invoice } = await convertLeadToClient(leadId, { id: admin.id, name: admin.name });
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
  });
}
