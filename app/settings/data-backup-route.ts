import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { data } from "react-router";
import { requireRecentConfirmation } from "~/auth/recent-confirmation.server";
import { backupStreamNow } from "~/backups/backups.server";
import { Refusal } from "~/refusal/refusal";
import type { Route } from "./+types/data-backup-route";
import { getOrganizationSettings } from "~/organization/settings.server";
import { fileDownload } from "~/http/file-download";

// GET /admin/settings/data/backup — 'Download backup': the embedded database now, as a backup file made as it is sent.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRecentConfirmation(request);
  try {
    const now = new Date();
    const backup = await backupStreamNow(now);
    const day = format(new TZDate(now, (await getOrganizationSettings()).timezone), "yyyy-MM-dd");
    return fileDownload(backup, { contentType: "application/gzip", fileName: `agency-backup-${day}.tar.gz` });
  } catch (error) {
    if (error instanceof Refusal) throw data(error.message, { status: error.status });
    throw error;
  }
}
