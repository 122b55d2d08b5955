import { addDaysToDate, dayOfWeek, localToInstant } from "~/availability/slot-time";
import { dayIn } from "~/formatting/dates";

/**
 * The analytics page's period (spec 001 "Analytics": 7, 30 (default) or 90 days), as business-local
 * days ending today, and the instants its first and last midnights fall on in the business time zone.
 * Pure: shared by the page, the CSV downloads and the queries.
 */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriodDays = 30;

/** Unknown values give the default, as the lists' URL parameters do, so a hand-edited link still works. */
export function readPeriodDays(params: URLSearchParams): AnalyticsPeriodDays {
  const raw = params.get("period");
  return ANALYTICS_PERIODS.find((days) => String(days) === raw) ?? DEFAULT_ANALYTICS_PERIOD;
}

export type AnalyticsPeriod = {
  days: AnalyticsPeriodDays;
  timeZone: string;
  /** First business-local day of the period (yyyy-MM-dd), `days - 1` days before today. */
  firstDay: string;
  /** Today in the business zone: the last day of the period. */
  lastDay: string;
  /** Midnight at the start of `firstDay` in the business zone (inclusive). */
  start: Date;
  /** Midnight at the end of `lastDay` in the business zone (exclusive). */
  end: Date;
  /** Charts with one bar per day over 7 or 30 days show one bar per week over 90. */
  bucket: "day" | "week";
};

/**
 * The first instant of a business-local day. Usually 00:00; where a zone springs forward at
 * midnight (e.g. America/Santiago in September) midnight does not exist and the day starts at
 * the end of the gap.
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  for (let minutes = 0; minutes <= 180; minutes += 15) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;
    const instant = localToInstant(day, time, timeZone);
    if (instant) return instant;
  }
  throw new Error(`No start of day for ${day} in ${timeZone}`);
}

export function analyticsPeriod(days: AnalyticsPeriodDays, now: Date, timeZone: string): AnalyticsPeriod {
  const lastDay = dayIn(now, timeZone);
  const firstDay = addDaysToDate(lastDay, -(days - 1));
  return {
    days,
    timeZone,
    firstDay,
    lastDay,
    start: startOfDayInZone(firstDay, timeZone),
    end: startOfDayInZone(addDaysToDate(lastDay, 1), timeZone),
    bucket: days > 30 ? "week" : "day",
  };
}

/** The Sunday that starts the week of a day (weeks start on Sunday, as in the availability calendar). */
export function weekStart(day: string): string {
  return addDaysToDate(day, -dayOfWeek(day));
}
