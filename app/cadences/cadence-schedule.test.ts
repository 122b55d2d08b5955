import { describe, expect, it } from "vitest";
import { delayText, nextStepDueAt, stepDueAt } from "./cadence-schedule";

const NY = "America/New_York";

describe("stepDueAt", () => {
  it("sends a zero delay at enrolment", () => {
    const enrolled = new Date("2026-03-01T15:00:00Z");
    expect(stepDueAt(enrolled, { delayAmount: 0, delayUnit: "days" }, NY)).toEqual(enrolled);
    expect(stepDueAt(enrolled, { delayAmount: 0, delayUnit: "hours" }, NY)).toEqual(enrolled);
  });

  it("counts days in the business zone at the same wall-clock time across the spring DST change", () => {
    // 10:00 in New York on Saturday March 7 (EST, UTC-5); DST starts Sunday March 8, 2026.
    const enrolled = new Date("2026-03-07T15:00:00Z");
    // Three days later is 10:00 EDT (UTC-4): 14:00 UTC, 71 hours later, not 72.
    expect(stepDueAt(enrolled, { delayAmount: 3, delayUnit: "days" }, NY).toISOString()).toBe("2026-03-10T14:00:00.000Z");
  });

  it("counts days across the autumn DST change", () => {
    // 09:30 EDT on Saturday October 31, 2026; DST ends Sunday November 1.
    const enrolled = new Date("2026-10-31T13:30:00Z");
    expect(stepDueAt(enrolled, { delayAmount: 1, delayUnit: "days" }, NY).toISOString()).toBe("2026-11-01T14:30:00.000Z");
  });

  it("counts hours as absolute time, whatever the zone does", () => {
    const enrolled = new Date("2026-03-08T06:30:00Z"); // 01:30 EST, half an hour before the clocks jump
    expect(stepDueAt(enrolled, { delayAmount: 2, delayUnit: "hours" }, NY).toISOString()).toBe("2026-03-08T08:30:00.000Z");
  });

  it("depends on the zone for days only", () => {
    const enrolled = new Date("2026-03-07T15:00:00Z");
    const step = { delayAmount: 3, delayUnit: "days" } as const;
    expect(stepDueAt(enrolled, step, "Europe/London").toISOString()).toBe("2026-03-10T15:00:00.000Z");
    expect(stepDueAt(enrolled, step, "Asia/Tokyo").toISOString()).toBe("2026-03-10T15:00:00.000Z");
  });
});

describe("nextStepDueAt", () => {
  const steps = [
    { delayAmount: 0, delayUnit: "days" },
    { delayAmount: 2, delayUnit: "days" },
    { delayAmount: 3, delayUnit: "days" },
  ] as const;
  const enrolled = new Date("2026-05-04T14:00:00Z");

  it("is the step's own time when the previous step went out on time", () => {
    expect(nextStepDueAt(enrolled, steps, 1, enrolled, NY)?.toISOString()).toBe("2026-05-06T14:00:00.000Z");
  });

  it("keeps the spacing after a pause instead of sending the steps left at once", () => {
    // Paused for ten days: step 2 went out on the 16th; step 3 waits its one-day gap.
    const resumedAt = new Date("2026-05-16T09:00:00Z");
    expect(nextStepDueAt(enrolled, steps, 2, resumedAt, NY)?.toISOString()).toBe("2026-05-17T09:00:00.000Z");
  });

  it("has nothing after the last step", () => {
    expect(nextStepDueAt(enrolled, steps, 3, enrolled, NY)).toBeNull();
  });
});

describe("delayText", () => {
  it("reads as the sandbox's timeline shows it", () => {
    expect(delayText({ delayAmount: 0, delayUnit: "days" })).toBe("Day 0");
    expect(delayText({ delayAmount: 3, delayUnit: "days" })).toBe("+3 days");
    expect(delayText({ delayAmount: 1, delayUnit: "days" })).toBe("+1 day");
    expect(delayText({ delayAmount: 2, delayUnit: "hours" })).toBe("+2 hours");
  });
});
