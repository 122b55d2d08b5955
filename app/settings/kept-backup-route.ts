import fs from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { keptBackupFile } from "~/backups/backups.server";
import { Refusal } from "~/forms/refusal";
import type { Route } from "./+types/kept-backup-route";

// GET /admin/settings/data/backups/{name} — a nightly backup's file, as listed on the Data tab.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const kept = await keptBackupFile(params.name);
    return new Response(Readable.toWeb(fs.createReadStream(kept.path)) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(kept.backup.bytes),
        "Content-Disposition": `attachment; filename="${kept.backup.name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof Refusal) throw data(error.message, { status: error.status });
    throw error;
  }
}
