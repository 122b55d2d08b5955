import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { describe, expect, it } from "vitest";
import { dayIn, formatClockTime, formatCount, formatDate, formatDateTime, formatDay, formatDayTimes, formatLongDate } from "./dates";

const zones = ["UTC", "America/New_York", "America/Los_Angeles", "Europe/Berlin", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe"];
// Every month, both sides of midnight and noon, daylight-saving changes, and a leap day.
const instants = [
  "2026-01-01T00:00:00Z",
  "2026-02-28T23:59:59Z",
  "2024-02-29T12:00:00Z",
  "2026-03-08T06:59:00Z",
  "2026-03-08T07:00:00Z",
  "2026-03-29T01:30:00Z",
  "2026-04-15T11:59:00Z",
  "2026-05-31T12:00:00Z",
  "2026-06-30T00:05:00Z",
  "2026-07-04T16:45:00Z",
  "2026-08-09T03:00:00Z",
  "2026-09-30T23:00:00Z",
  "2026-10-25T00:59:00Z",
  "2026-11-01T05:30:00Z",
  "2026-12-31T23:59:00Z",
];

describe("date format", () => {
  it("writes what date-fns wrote, in every time zone", () => {
    for (const timeZone of zones) {
      for (const instant of instants) {
        const zoned = new TZDate(new Date(instant), timeZone);
        expect(formatDate(instant, timeZone)).toBe(format(zoned, "MMM d, yyyy"));
        expect(formatDateTime(new Date(instant), timeZone)).toBe(format(zoned, "MMM d, yyyy h:mm a"));
        expect(formatLongDate(instant, timeZone)).toBe(format(zoned, "EEEE, MMMM d, yyyy"));
        expect(formatClockTime(instant, timeZone)).toBe(format(zoned, "h:mm aaa"));
        expect(dayIn(instant, timeZone)).toBe(format(zoned, "yyyy-MM-dd"));
      }
    }
  });

  it("reads the examples its callers show", () => {
    expect(formatDate("2026-11-24T13:05:00Z", "UTC")).toBe("Nov 24, 2026");
    expect(formatDateTime("2026-11-24T13:05:00Z", "America/New_York")).toBe("Nov 24, 2026 8:05 AM");
    expect(formatDateTime("2026-11-24T00:00:00Z", "UTC")).toBe("Nov 24, 2026 12:00 AM");
  });

  it("writes a calendar day as date-fns wrote it, on every day of a leap year and around it", () => {
    const patterns = {
      date: "MMM d, yyyy",
      long: "EEEE, MMMM d, yyyy",
      "weekday-month-day": "EEEE, MMMM d",
      "weekday-day": "EEE d",
      "month-day": "MMM d",
      month: "MMMM",
      "month-year": "MMMM yyyy",
    } as const;
    for (let day = parseISO("2023-12-25"); day < parseISO("2025-01-07"); day = addDays(day, 1)) {
      const text = format(day, "yyyy-MM-dd");
      for (const [style, pattern] of Object.entries(patterns)) expect(formatDay(text, style as keyof typeof patterns)).toBe(format(day, pattern));
    }
    expect(formatDay("2026-11-24")).toBe("Nov 24, 2026");
    expect(formatDayTimes("2026-11-24", "09:00:00", "10:00:00")).toBe("Nov 24, 2026 09:00–10:00");
  });

  it("refuses what is not a calendar day", () => {
    for (const day of ["2026-02-30", "2026-13-01", "26-11-24", "2026-11-24T00:00:00Z", ""]) expect(() => formatDay(day)).toThrow(RangeError);
  });

  it("writes counts with thousands separators", () => {
    expect([formatCount(0), formatCount(999), formatCount(1_000), formatCount(1_234_567), formatCount(-12_345)]).toEqual(["0", "999", "1,000", "1,234,567", "-12,345"]);
  });

  it("refuses an invalid date or time zone, as before", () => {
    expect(() => formatDate("not a date", "UTC")).toThrow(RangeError);
    expect(() => formatDate("2026-11-24T13:05:00Z", "Mars/Olympus")).toThrow(RangeError);
  });
});
