import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import type { Route } from "./+types/clients-export-route";
import { clientListFilterFrom } from "./client-form";
import { clientsCsvFileName, clientsCsvStream } from "./clients-export.server";

// GET /admin/clients/export?q=&status=&payment= — the Clients Directory's filtered set as CSV.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = clientListFilterFrom(new URL(request.url).searchParams);
  const { timezone } = await getOrganizationSettings();
  return new Response(clientsCsvStream(filter, timezone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${clientsCsvFileName(new Date(), timezone)}"`,
      "Cache-Control": "no-store",
    },
  });
}
