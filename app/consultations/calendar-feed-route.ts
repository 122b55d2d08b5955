import { requireRecord } from "~/http/record-not-found";
import type { Route } from "./+types/calendar-feed-route";
import { calendarFeedByToken } from "./calendar-feed.server";

/**
 * An admin's calendar subscription, `/calendar/{secret}.ics`, polled by calendar apps: no session,
 * the address is the capability. A wrong, old or malformed one is a plain 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = /^(.+)\.ics$/.exec(params.file ?? "")?.[1] ?? "";
  const feed = await calendarFeedByToken(token);
  return new Response(requireRecord(feed, "Calendar feed not found"), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
