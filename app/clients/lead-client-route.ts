import { redirect } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { db } from "~/db/connection.server";
import { recordIdParam } from "~/forms/record-id";
import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/lead-client-route";
import { findClientIdOfLead } from "./client-lookups.server";

/**
 * GET /admin/leads/{leadId}/client: the client a lead became ('View Client' on a converted lead's
 * page), opened at its own page rather than at a list searched for its address (decision 050).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const leadId = recordIdParam(params.leadId);
  const clientId = requireRecord(leadId ? await findClientIdOfLead(db(), leadId) : null, "Client not found", { href: "/admin/clients", label: "Back to Clients" });
  return redirect(`/admin/clients/${clientId}`);
}
