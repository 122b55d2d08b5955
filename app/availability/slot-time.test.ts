import { describe, expect, it } from "vitest";
import { generateSlots, groupByVisitorDate, isDateBlocked, localToInstant, offerableSlots, slotInstants, type GenerationInput, type WeeklyRule } from "./slot-time";
import { dayIn, formatClockTime } from "~/formatting/dates";

const NY = "America/New_York";
const monday9to11: WeeklyRule = { dayOfWeek: 1, startTime: "09:00:00", endTime: "11:00:00", isActive: true };

function input(overrides: Partial<GenerationInput> = {}): GenerationInput {
  return {
    rules: [monday9to11],
    fromDate: "2026-03-02", // a Monday
    days: 7,
    durationMinutes: 30,
    bufferMinutes: 0,
    blocked: [],
    existing: [],
    timeZone: NY,
    ...overrides,
  };
}

describe("localToInstant", () => {
  it("converts a business-local time with the zone's offset (EST in winter, EDT in summer)", () => {
    expect(localToInstant("2026-01-15", "09:00:00", NY)?.toISOString()).toBe("2026-01-15T14:00:00.000Z");
    expect(localToInstant("2026-07-15", "09:00:00", NY)?.toISOString()).toBe("2026-07-15T13:00:00.000Z");
  });

  it("has no instant for a time in the spring-forward gap", () => {
    expect(localToInstant("2026-03-08", "02:30:00", NY)).toBeNull();
    expect(localToInstant("2026-03-08", "01:30:00", NY)?.toISOString()).toBe("2026-03-08T06:30:00.000Z");
    expect(localToInstant("2026-03-08", "03:00:00", NY)?.toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });

  it("gives the first occurrence (daylight time) of a time repeated at fall-back", () => {
    expect(localToInstant("2026-11-01", "01:30:00", NY)?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(localToInstant("2026-11-01", "02:00:00", NY)?.toISOString()).toBe("2026-11-01T07:00:00.000Z");
  });
});

describe("generateSlots", () => {
  it("cuts active rules into steps of duration, the last slot fitting fully", () => {
    const slots = generateSlots(input({ rules: [{ ...monday9to11, endTime: "10:45:00" }] }));
    expect(slots.map((slot) => slot.startTime)).toEqual(["09:00:00", "09:30:00", "10:00:00"]);
    expect(slots.every((slot) => slot.date === "2026-03-02")).toBe(true);
    expect(slots[2]?.endTime).toBe("10:30:00");
  });

  it("steps by duration plus buffer", () => {
    const slots = generateSlots(input({ bufferMinutes: 15 }));
    expect(slots.map((slot) => `${slot.startTime}-${slot.endTime}`)).toEqual(["09:00:00-09:30:00", "09:45:00-10:15:00", "10:30:00-11:00:00"]);
  });

  it("ignores inactive rules, skips blocked dates and existing slots, covers N weeks", () => {
    const rules = [monday9to11, { dayOfWeek: 3, startTime: "09:00:00", endTime: "10:00:00", isActive: false }];
    const slots = generateSlots(
      input({
        rules,
        days: 21,
        blocked: [{ startDate: "2026-03-09", endDate: "2026-03-10" }],
        existing: [{ date: "2026-03-16", startTime: "09:00:00", endTime: "09:30:00" }],
      }),
    );
    expect([...new Set(slots.map((slot) => slot.date))]).toEqual(["2026-03-02", "2026-03-16"]);
    expect(slots.filter((slot) => slot.date === "2026-03-16").map((slot) => slot.startTime)).toEqual(["09:30:00", "10:00:00", "10:30:00"]);
    expect(generateSlots(input({ existing: slots.filter((slot) => slot.date === "2026-03-02") }))).toEqual([]);
  });

  it("skips slots in the spring-forward gap and makes the fall-back overlap's slots once", () => {
    const night = (dayOfWeek: number): WeeklyRule => ({ dayOfWeek, startTime: "01:00:00", endTime: "03:30:00", isActive: true });
    const spring = generateSlots(input({ rules: [night(0)], fromDate: "2026-03-08" }));
    // 02:00-02:30, 02:30-03:00 do not exist; 01:30-02:00 ends at 02:00, which does not exist either.
    expect(spring.filter((slot) => slot.date === "2026-03-08").map((slot) => slot.startTime)).toEqual(["01:00:00", "03:00:00"]);
    const fall = generateSlots(input({ rules: [night(0)], fromDate: "2026-11-01" }));
    const fallDay = fall.filter((slot) => slot.date === "2026-11-01");
    expect(fallDay.map((slot) => slot.startTime)).toEqual(["01:00:00", "01:30:00", "02:00:00", "02:30:00", "03:00:00"]);
    expect(slotInstants(fallDay[1]!, NY)?.start.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});

describe("offering and showing slots", () => {
  const row = (id: string, date: string, startTime: string, extra: Partial<{ status: string; bookingId: string | null }> = {}) => ({
    id,
    date,
    startTime,
    endTime: `${String(Number(startTime.slice(0, 2))).padStart(2, "0")}:30:00`,
    status: "open",
    bookingId: null,
    ...extra,
  });

  it("offers only open, unbooked, future, unblocked slots within the window, in order", () => {
    const now = new Date("2026-03-02T15:00:00Z"); // 10:00 in New York
    const offered = offerableSlots(
      [
        row("past", "2026-03-02", "09:00:00"),
        row("later-today", "2026-03-02", "11:00:00"),
        row("tentative", "2026-03-03", "09:00:00", { status: "tentative" }),
        row("booked", "2026-03-03", "10:00:00", { status: "booked", bookingId: "b" }),
        row("blocked", "2026-03-04", "09:00:00"),
        row("ok", "2026-03-05", "09:00:00"),
        row("beyond-window", "2026-03-10", "09:00:00"),
        row("gap", "2026-03-08", "02:00:00"),
      ],
      { now, blocked: [{ startDate: "2026-03-04", endDate: "2026-03-04" }], lastDate: "2026-03-09", timeZone: NY },
    );
    expect(offered.map((slot) => slot.id)).toEqual(["later-today", "ok"]);
    expect(offered[0]).toEqual({ id: "later-today", date: "2026-03-02", startTime: "11:00:00", start: "2026-03-02T16:00:00.000Z", end: "2026-03-02T16:30:00.000Z" });
  });

  it("shows a New York slot in Tokyo (no DST) at the same instant, on the visitor's own date", () => {
    const start = localToInstant("2026-03-09", "10:00:00", NY)!; // EDT after the change: 14:00Z
    expect(start.toISOString()).toBe("2026-03-09T14:00:00.000Z");
    expect(formatClockTime(start, "Asia/Tokyo")).toBe("11:00 pm");
    expect(dayIn(start, "Asia/Tokyo")).toBe("2026-03-09");
    const winter = localToInstant("2026-03-06", "10:00:00", NY)!; // EST: 15:00Z = 00:00 next day in Tokyo
    expect(formatClockTime(winter, "Asia/Tokyo")).toBe("12:00 am");
    const groups = groupByVisitorDate([{ start: winter.toISOString() }, { start: start.toISOString() }], "Asia/Tokyo");
    expect([...groups.keys()]).toEqual(["2026-03-07", "2026-03-09"]);
    expect(formatClockTime(start, NY)).toBe("10:00 am");
  });

  it("knows blocked ranges are inclusive", () => {
    const blocked = [{ startDate: "2026-03-04", endDate: "2026-03-06" }];
    expect(["2026-03-03", "2026-03-04", "2026-03-06", "2026-03-07"].map((date) => isDateBlocked(date, blocked))).toEqual([false, true, true, false]);
  });
});

describe("calendar views", () => {
  it("covers the right dates and steps by the view's unit", async () => {
    const { viewRange, stepDate, datesBetween, viewTitle } = await import("./calendar-range");
    expect(viewRange("week", "2026-03-11")).toEqual({ start: "2026-03-08", end: "2026-03-14" });
    expect(viewRange("month", "2026-02-11")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(viewRange("year", "2026-02-11")).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(stepDate("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(stepDate("day", "2026-03-08", 1)).toBe("2026-03-09");
    expect(datesBetween("2026-11-01", "2026-11-03")).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(["day", "week", "month", "year"].map((view) => viewTitle(view as "day", "2026-03-11"))).toEqual([
      "Wednesday, March 11, 2026",
      "Week of Mar 8, 2026",
      "March 2026",
      "2026",
    ]);
  });
});

describe("dayIn", () => {
  it("is the date on the business's calendar, not the server's", () => {
    const lateEveningInNewYork = new Date("2026-11-24T03:30:00Z");
    expect(dayIn(lateEveningInNewYork, "America/New_York")).toBe("2026-11-23");
    expect(dayIn(lateEveningInNewYork, "Europe/Berlin")).toBe("2026-11-24");
  });
});
