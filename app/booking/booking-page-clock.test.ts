import { describe, expect, it } from "vitest";
import { nextTimedChange, type ClockedPage } from "./booking-page-clock";

// Monday 2 March 2026, 08:00 in New York.
const NOW = new Date("2026-03-02T13:00:00Z");

const page = (overrides: Partial<ClockedPage> = {}): ClockedPage => ({
  firstOfferedStart: "2026-03-03T15:00:00.000Z",
  proposed: [],
  bookedStart: null,
  canChange: true,
  cutoffHours: 24,
  windowEndsOn: "2026-03-09",
  timeZone: "America/New_York",
  ...overrides,
});

describe("when a booking page changes by the clock alone", () => {
  it("is when the earliest offered time starts: from then on it is no longer offered", () => {
    expect(nextTimedChange(page(), NOW)).toBe(Date.parse("2026-03-03T15:00:00.000Z"));
  });

  it("is when the earliest proposed time starts, if that comes first", () => {
    const proposed = [{ start: "2026-03-02T20:00:00.000Z" }, { start: "2026-03-04T20:00:00.000Z" }];
    expect(nextTimedChange(page({ proposed }), NOW)).toBe(Date.parse("2026-03-02T20:00:00.000Z"));
  });

  it("is when the change cut-off passes before a booked call", () => {
    const bookedStart = "2026-03-03T14:00:00.000Z"; // 24 hours before: 2 March 14:00 UTC
    expect(nextTimedChange(page({ bookedStart }), NOW)).toBe(Date.parse("2026-03-02T14:00:00.000Z"));
  });

  it("is when the business day turns, for an invitation whose window is today", () => {
    expect(nextTimedChange(page({ firstOfferedStart: null, windowEndsOn: null }), NOW)).toBe(Date.parse("2026-03-03T05:00:00.000Z"));
    // Havana skips midnight on 8 March 2026 (DST starts at 00:00): the day starts at 01:00.
    const havana = page({ firstOfferedStart: null, windowEndsOn: null, timeZone: "America/Havana" });
    expect(nextTimedChange(havana, new Date("2026-03-07T17:00:00Z"))).toBe(Date.parse("2026-03-08T05:00:00.000Z"));
  });

  it("never comes for a page the visitor can no longer change, nor for one with nothing timed", () => {
    expect(nextTimedChange(page({ canChange: false, windowEndsOn: null }), NOW)).toBe(Infinity);
    expect(nextTimedChange(page({ firstOfferedStart: null }), NOW)).toBe(Infinity);
  });

  it("is now when something shown is already due (the page must not be kept)", () => {
    expect(nextTimedChange(page({ firstOfferedStart: NOW.toISOString() }), NOW)).toBe(NOW.getTime());
  });
});
