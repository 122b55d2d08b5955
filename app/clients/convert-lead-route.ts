import { safeAdminReturnPath } from "~/auth/auth-forms";
import { requireAdmin } from "~/auth/guard.server";
import { redirectWithToast } from "~/ui/flash.server";
import type { Route } from "./+types/convert-lead-route";
import { convertLeadToClient } from "./lead-conversion.server";

// POST /admin/leads/:leadId/convert — posted by ConvertLeadAction (leads list and lead details).
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const redirectTo = form.get("redirectTo");
  const back = safeAdminReturnPath(typeof redirectTo === "string" ? redirectTo : null) ?? "/admin/leads";
  try {
    const result = await convertLeadToClient(params.leadId, { id: admin.id, name: admin.name });
    if (result.outcome === "lead_not_found") {
      return redirectWithToast(back, { type: "error", title: "Error", description: "This lead no longer exists." });
    }
    if (result.outcome === "already_converted") {
      return redirectWithToast(back, {
        type: "info",
        title: `${result.lead.name} is already a client`,
        description: "Converting again changes nothing; open Clients to see them.",
      });
    }
    return redirectWithToast(back, {
      type: "success",
      title: `${result.client.name} converted to customer successfully`,
      description: `Draft invoice ${result.invoice.invoiceNumber} created.`,
    });
  } catch (error) {
    console.warn("Lead conversion failed:", error);
    return redirectWithToast(back, { type: "error", title: "Error", description: "The lead could not be converted. Nothing was changed; please try again." });
  }
}
