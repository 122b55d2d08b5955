import { describe, expect, it } from "vitest";
import { bucketAxisLabel, bucketDays, bucketLabel, labelEvery, niceTicks } from "./chart-scale";

describe("chart scales", () => {
  it("makes round ticks that reach the largest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(120_000)).toEqual([0, 50_000, 100_000, 150_000]);
  });

  it("labels every n-th bar so about ten labels fit", () => {
    expect(labelEvery(7)).toBe(1);
    expect(labelEvery(30)).toBe(3);
    expect(labelEvery(14)).toBe(2);
  });

  it("names days and the part of each week inside the period", () => {
    const period = { firstDay: "2026-02-14", lastDay: "2026-03-15" };
    expect(bucketLabel("2026-03-09", "day", period)).toBe("Mar 9");
    expect(bucketDays("2026-02-08", "week", period)).toEqual({ from: "2026-02-14", to: "2026-02-14" });
    expect(bucketLabel("2026-03-08", "week", period)).toBe("Mar 8 – Mar 14");
    expect(bucketLabel("2026-03-15", "week", period)).toBe("Mar 15");
    expect(bucketAxisLabel("2026-02-08", "week", period)).toBe("Feb 14");
    expect(bucketAxisLabel("2026-03-08", "week", period)).toBe("Mar 8");
  });
});
