/**
 * The one date formatter: every date shown to a user goes through here, in an explicit time zone.
 * "Nov 24, 2026" and "Nov 24, 2026 1:05 PM" (date-fns' "MMM d, yyyy" and "MMM d, yyyy h:mm a",
 * which this replaced). One Intl formatter per time zone, made once: making one costs ~30 µs,
 * as much as a list's whole row (decision 030).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type DateParts = { month: string; day: string; year: string; hour: string; minute: string; dayPeriod: string };

function partsOf(value: Date | string, timeZone: string): DateParts {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  const parts: DateParts = { month: "", day: "", year: "", hour: "", minute: "", dayPeriod: "" };
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof DateParts] = part.value;
  }
  return parts;
}

export function formatDate(value: Date | string, timeZone: string): string {
  const { month, day, year } = partsOf(value, timeZone);
  return `${month} ${day}, ${year.padStart(4, "0")}`;
}

export function formatDateTime(value: Date | string, timeZone: string): string {
  const { month, day, year, hour, minute, dayPeriod } = partsOf(value, timeZone);
  return `${month} ${day}, ${year.padStart(4, "0")} ${hour}:${minute} ${dayPeriod.toUpperCase()}`;
}
