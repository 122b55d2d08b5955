import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/calendar-feed-route";
import { calendarFeedByToken } from "./calendar-feed.server";
import { fileDownload } from "~/http/file-download";

/**
 * An admin's calendar subscription, `/calendar/{secret}.ics`, polled by calendar apps: no session,
 * the address is the capability. A wrong, old or malformed one is a plain 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = /^(.+)\.ics$/.exec(params.file ?? "")?.[1] ?? "";
  const feed = await calendarFeedByToken(token);
  return fileDownload(requireRecord(feed, "Calendar feed not found"), {
    contentType: "text/calendar; charset=utf-8",
    fileName: "calendar.ics",
    inline: true,
    headers: { "Referrer-Policy": "no-referrer" },
  });
}
