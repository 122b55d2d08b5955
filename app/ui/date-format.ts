import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** The one date formatter: every date shown to a user goes through here, in an explicit time zone. */
export function formatDate(value: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(value), timeZone), "MMM d, yyyy");
}

export function formatDateTime(value: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(value), timeZone), "MMM d, yyyy h:mm a");
}
