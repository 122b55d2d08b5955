/**
 * The one date formatter: every date shown to a user goes through here, in an explicit time zone.
 * "Nov 24, 2026", "Nov 24, 2026 1:05 PM", "Tuesday, November 24, 2026" and "1:05 pm" (date-fns'
 * "MMM d, yyyy", "MMM d, yyyy h:mm a", "EEEE, MMMM d, yyyy" and "h:mm aaa", which this replaced),
 * and the calendar day an instant falls on there ("2026-11-24"). One Intl formatter per time zone,
 * made once: making one costs ~30 µs, as much as a list's whole row (decision 030).
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

const longFormatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday and the month's full name, which the short formatter above does not give. */
function longFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = longFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" });
    longFormatters.set(timeZone, formatter);
  }
  return formatter;
}

type DateParts = { month: string; day: string; year: string; hour: string; minute: string; dayPeriod: string; weekday: string };

function partsOf(value: Date | string, timeZone: string, formatter = formatterFor(timeZone)): DateParts {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  const parts: DateParts = { month: "", day: "", year: "", hour: "", minute: "", dayPeriod: "", weekday: "" };
  for (const part of formatter.formatToParts(date)) {
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

/** "Tuesday, November 24, 2026": a day as a sentence says it (the booking page, its e-mails). */
export function formatLongDate(value: Date | string, timeZone: string): string {
  const { weekday, month, day, year } = partsOf(value, timeZone, longFormatterFor(timeZone));
  return `${weekday}, ${month} ${day}, ${year.padStart(4, "0")}`;
}

/** "1:05 pm": a time of day, as the booking page shows its offered times. */
export function formatClockTime(value: Date | string, timeZone: string): string {
  const { hour, minute, dayPeriod } = partsOf(value, timeZone);
  return `${hour}:${minute} ${dayPeriod.toLowerCase()}`;
}

/** "2026-11-24": the calendar day an instant falls on in a zone (a file's date, a calendar's key). */
export function dayIn(value: Date | string, timeZone: string): string {
  const { year, month, day } = partsOf(value, timeZone);
  return `${year.padStart(4, "0")}-${String(MONTHS.indexOf(month) + 1).padStart(2, "0")}-${day.padStart(2, "0")}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Mar 9": a calendar day ("2026-03-09") without its year, where the year is said once beside it (a
 * chart's days). A day, not an instant: no time zone moves it.
 */
export function formatMonthDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[1]) - 1] : undefined;
  if (!match || !month) throw new RangeError("Invalid calendar day");
  return `${month} ${Number(match[2])}`;
}

/** "12,345": a count as people read it. */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ",");
}
