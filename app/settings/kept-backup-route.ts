import { data } from "react-router";
import { requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { keptBackupDownload } from "~/backups/backups.server";
import { Refusal } from "~/refusal/refusal";
import type { Route } from "./+types/kept-backup-route";

// GET /admin/settings/data/backups/{name} — a nightly backup's file, as listed on the Data tab.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRecentConfirmation(request);
  try {
    const { backup, stream } = await keptBackupDownload(params.name);
    return new Response(stream, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(backup.bytes),
        "Content-Disposition": `attachment; filename="${backup.name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof Refusal) throw data(error.message, { status: error.status });
    throw error;
  }
}
