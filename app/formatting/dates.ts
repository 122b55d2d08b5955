/**
 * The one date formatter: every date shown to a user goes through here, in an explicit time zone.
 * "Nov 24, 2026", "Nov 24, 2026 1:05 PM", "Tuesday, November 24, 2026" and "1:05 pm" (date-fns'
 * "MMM d, yyyy", "MMM d, yyyy h:mm a", "EEEE, MMMM d, yyyy" and "h:mm aaa", which this replaced),
 * and the calendar day an instant falls on there ("2026-11-24"). One Intl formatter per time zone,
 * made once: making one costs ~30 µs, as much as a list's whole row (decision 027).
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

/** "12,345": a count as people read it. */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ",");
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** How a calendar day is written: "Nov 24, 2026", "Tuesday, November 24, 2026", "Tuesday, November 24", "Tue 24", "Nov 24", "November", "November 2026". */
export type DayStyle = "date" | "long" | "weekday-month-day" | "weekday-day" | "month-day" | "month" | "month-year";

/**
 * A calendar day ("2026-11-24": a due date, a slot's day, a day of the availability calendar) as
 * the screens write it. A day has no time zone: it is written as it is stored, never moved by one.
 */
export function formatDay(day: string, style: DayStyle = "date"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const [year, month, date] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [Number.NaN, Number.NaN, Number.NaN];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (Number.isNaN(utc.getTime()) || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) throw new RangeError("Invalid calendar day");
  const monthName = MONTH_NAMES[month - 1] ?? "";
  const weekday = WEEKDAY_NAMES[utc.getUTCDay()] ?? "";
  const yearText = String(year).padStart(4, "0");
  switch (style) {
    case "date":
      return `${monthName.slice(0, 3)} ${date}, ${yearText}`;
    case "long":
      return `${weekday}, ${monthName} ${date}, ${yearText}`;
    case "weekday-month-day":
      return `${weekday}, ${monthName} ${date}`;
    case "weekday-day":
      return `${weekday.slice(0, 3)} ${date}`;
    case "month-day":
      return `${monthName.slice(0, 3)} ${date}`;
    case "month":
      return monthName;
    case "month-year":
      return `${monthName} ${yearText}`;
  }
}

/** A slot or consultation of the business's calendar, its day and wall-clock times as stored: "Nov 24, 2026 09:00–10:00". */
export function formatDayTimes(day: string, startTime: string, endTime: string): string {
  return `${formatDay(day)} ${startTime.slice(0, 5)}–${endTime.slice(0, 5)}`;
}
