import { describe, expect, it } from "vitest";
import { analyticsPeriod, readPeriodDays, startOfDayInZone, weekStart } from "./analytics-period";

const NEW_YORK = "America/New_York";

describe("the analytics period", () => {
  it("reads 7, 30 or 90 from the URL and gives 30 for anything else", () => {
    expect(readPeriodDays(new URLSearchParams("period=7"))).toBe(7);
    expect(readPeriodDays(new URLSearchParams("period=90"))).toBe(90);
    expect(readPeriodDays(new URLSearchParams(""))).toBe(30);
    expect(readPeriodDays(new URLSearchParams("period=14"))).toBe(30);
    expect(readPeriodDays(new URLSearchParams("period=7.0"))).toBe(30);
  });

  it("ends with today in the business zone and starts at midnight there", () => {
    // 10 March 2026, 08:00 in New York (daylight time since 8 March).
    const period = analyticsPeriod(7, new Date("2026-03-10T12:00:00Z"), NEW_YORK);
    expect(period).toMatchObject({ firstDay: "2026-03-04", lastDay: "2026-03-10", bucket: "day" });
    // The first midnight is in standard time (UTC-5), the last in daylight time (UTC-4): 7 days less an hour.
    expect(period.start.toISOString()).toBe("2026-03-04T05:00:00.000Z");
    expect(period.end.toISOString()).toBe("2026-03-11T04:00:00.000Z");
    expect(period.end.getTime() - period.start.getTime()).toBe((7 * 24 - 1) * 3_600_000);
  });

  it("spans the autumn change with a 25-hour day", () => {
    const period = analyticsPeriod(7, new Date("2026-11-03T12:00:00Z"), NEW_YORK);
    expect(period.firstDay).toBe("2026-10-28");
    expect(period.start.toISOString()).toBe("2026-10-28T04:00:00.000Z");
    expect(period.end.toISOString()).toBe("2026-11-04T05:00:00.000Z");
    expect(period.end.getTime() - period.start.getTime()).toBe((7 * 24 + 1) * 3_600_000);
  });

  it("takes today from the business zone, not UTC, on either side of local midnight", () => {
    // 23:59 on 14 March in New York is already 15 March in UTC.
    expect(analyticsPeriod(30, new Date("2026-03-15T03:59:00Z"), NEW_YORK).lastDay).toBe("2026-03-14");
    expect(analyticsPeriod(30, new Date("2026-03-15T04:00:00Z"), NEW_YORK).lastDay).toBe("2026-03-15");
    const month = analyticsPeriod(30, new Date("2026-03-15T04:00:00Z"), NEW_YORK);
    expect(month.firstDay).toBe("2026-02-14");
    expect(month.start.toISOString()).toBe("2026-02-14T05:00:00.000Z");
  });

  it("counts 90 days by week", () => {
    const period = analyticsPeriod(90, new Date("2026-03-15T16:00:00Z"), NEW_YORK);
    expect(period).toMatchObject({ firstDay: "2025-12-16", lastDay: "2026-03-15", bucket: "week" });
  });

  it("starts a day at the end of the gap where a zone springs forward at midnight", () => {
    // Chile moves from 00:00 to 01:00 (UTC-4 to UTC-3) on 6 September 2026: that day has no midnight.
    expect(startOfDayInZone("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfDayInZone("2026-09-05", "America/Santiago").toISOString()).toBe("2026-09-05T04:00:00.000Z");
    expect(startOfDayInZone("2026-09-07", "America/Santiago").toISOString()).toBe("2026-09-07T03:00:00.000Z");
  });

  it("starts weeks on Sunday", () => {
    expect(weekStart("2026-03-15")).toBe("2026-03-15");
    expect(weekStart("2026-03-14")).toBe("2026-03-08");
    expect(weekStart("2026-03-09")).toBe("2026-03-08");
  });
});
