import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { addYears } from "date-fns/addYears";
import { endOfMonth } from "date-fns/endOfMonth";
import { endOfWeek } from "date-fns/endOfWeek";
import { endOfYear } from "date-fns/endOfYear";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import { startOfYear } from "date-fns/startOfYear";
import { formatDay } from "~/formatting/dates";
import type { AvailabilityView } from "./availability-forms";

/** The business-local dates a calendar view covers, its Previous / Next steps and its heading. Pure date arithmetic. */
const iso = (date: Date) => format(date, "yyyy-MM-dd");

export function viewRange(view: AvailabilityView, date: string): { start: string; end: string } {
  const day = parseISO(date);
  switch (view) {
    case "day":
      return { start: date, end: date };
    case "week":
      return { start: iso(startOfWeek(day)), end: iso(endOfWeek(day)) };
    case "month":
      return { start: iso(startOfMonth(day)), end: iso(endOfMonth(day)) };
    case "year":
      return { start: iso(startOfYear(day)), end: iso(endOfYear(day)) };
  }
}

export function stepDate(view: AvailabilityView, date: string, direction: 1 | -1): string {
  const day = parseISO(date);
  const next = { day: addDays, week: addWeeks, month: addMonths, year: addYears }[view](day, direction);
  return iso(next);
}

export function datesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let day = parseISO(start); iso(day) <= end; day = addDays(day, 1)) dates.push(iso(day));
  return dates;
}

/** The spec's headings: the full date, 'Week of {date}' (its first day), the month and year, or the year. */
export function viewTitle(view: AvailabilityView, date: string): string {
  switch (view) {
    case "day":
      return formatDay(date, "long");
    case "week":
      return `Week of ${formatDay(viewRange(view, date).start)}`;
    case "month":
      return formatDay(date, "month-year");
    case "year":
      return date.slice(0, 4);
  }
}
