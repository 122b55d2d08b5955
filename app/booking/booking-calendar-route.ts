import { LEAD_NOT_FOUND } from "~/consultations/booking-status";
import { visitorCalendarFile } from "~/consultations/visitor-calendar-file.server";
import type { Route } from "./+types/booking-calendar-route";
import { fileDownload } from "~/http/file-download";

/**
 * GET /booking/{token}/calendar: 'Add to calendar' on the booking page once a time is booked. The
 * link is the capability, as for the page; a link that is not one, or holds no time, is a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const ics = await visitorCalendarFile({ token: params.token });
  if (!ics) return new Response(LEAD_NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  return fileDownload(ics, { contentType: "text/calendar; charset=utf-8; method=REQUEST", fileName: "consultation.ics", headers: { "Referrer-Policy": "same-origin" } });
}
