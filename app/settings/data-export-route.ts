import { requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { fullExportResponse } from "~/data-transfer/full-export.server";
import type { Route } from "./+types/data-export-route";
import { getOrganizationSettings } from "~/organization/settings.server";

// GET /admin/settings/data/export — 'Export everything': a zip of CSV files, streamed.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRecentConfirmation(request);
  return fullExportResponse((await getOrganizationSettings()).timezone);
}
