import { data } from "react-router";
import { requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { keptBackupDownload } from "~/backups/backups.server";
import { Refusal } from "~/refusal/refusal";
import type { Route } from "./+types/kept-backup-route";
import { fileDownload } from "~/http/file-download";

// GET /admin/settings/data/backups/{name} — a nightly backup's file, as listed on the Data tab.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRecentConfirmation(request);
  try {
    const { backup, stream } = await keptBackupDownload(params.name);
    return fileDownload(stream, { contentType: "application/gzip", fileName: backup.name, headers: { "Content-Length": String(backup.bytes) } });
  } catch (error) {
    if (error instanceof Refusal) throw data(error.message, { status: error.status });
    throw error;
  }
}
