import { readListView } from "~/lists/list-view";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Route } from "./+types/clients-export-route";
import { CLIENT_LIST_VIEW } from "./client-list-view";
import { clientsCsvResponse } from "./clients-export.server";

// GET /admin/clients/export?q=&status=&payment=&sort=&dir= — what the Clients Directory shows, as CSV.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = readListView(new URL(request.url).searchParams, CLIENT_LIST_VIEW);
  const { timezone } = await getOrganizationSettings();
  return clientsCsvResponse(view, timezone);
}
