import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { data } from "react-router";
import { requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { BackupRefusedError, embeddedBackup } from "~/server-lifecycle.server";
import type { Route } from "./+types/data-backup-route";
import { getOrganizationSettings } from "./settings.server";

// GET /admin/settings/data/backup — 'Download backup': the embedded database as one file (PGlite's dump).
export async function loader({ request }: Route.LoaderArgs) {
  await requireRecentConfirmation(request);
  try {
    const backup = await embeddedBackup();
    const day = format(new TZDate(new Date(), (await getOrganizationSettings()).timezone), "yyyy-MM-dd");
    return new Response(backup.stream(), {
      headers: {
        "Content-Type": "application/x-tar",
        "Content-Length": String(backup.size),
        "Content-Disposition": `attachment; filename="agency-backup-${day}.tar"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof BackupRefusedError) throw data(error.message, { status: 400 });
    throw error;
  }
}
