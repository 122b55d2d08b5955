import { recordNotFound } from "~/http/record-not-found";
import { clientCallCalendarFile } from "~/consultations/client-calls.server";
import { recordIdParam } from "~/forms/record-id";
import type { Route } from "./+types/portal-call-calendar-route";
import { recordPortalEvent } from "./portal-activity.server";
import { requirePortalClient } from "./portal-session.server";
import { fileDownload } from "~/http/file-download";

/** The calendar file of one of the client's upcoming calls; another client's call, or one without a time, is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requirePortalClient(request);
  const callId = recordIdParam(params.callId);
  const ics = callId ? await clientCallCalendarFile(client.id, callId) : null;
  if (!ics || !callId) recordNotFound("Consultation not found");
  await recordPortalEvent(client.id, { kind: "downloaded_calendar_file", subjectId: callId });
  return fileDownload(ics, { contentType: "text/calendar; charset=utf-8; method=REQUEST", fileName: "consultation.ics" });
}
