import { describe, expect, it } from "vitest";
import { funnelRows, roundedPercent } from "./analytics-rates";

describe("analytics rates", () => {
  it("rounds a percent half up and is 0 with nothing to divide", () => {
    expect(roundedPercent(1, 3)).toBe(33);
    expect(roundedPercent(2, 3)).toBe(67);
    expect(roundedPercent(1, 8)).toBe(13); // 12.5
    expect(roundedPercent(1, 200)).toBe(1); // 0.5
    expect(roundedPercent(1, 201)).toBe(0);
    expect(roundedPercent(5, 5)).toBe(100);
    expect(roundedPercent(0, 0)).toBe(0);
    expect(roundedPercent(3, 0)).toBe(0);
  });

  it("gives each funnel step its rate from the step before and from all leads", () => {
    const rows = funnelRows({ lead: 10, contacted: 8, invited: 6, booked: 3, client: 2, paid: 1 });
    expect(rows.map((row) => [row.label, row.count, row.stepRate, row.overallRate])).toEqual([
      ["Leads", 10, 100, 100],
      ["Contacted (or further)", 8, 80, 80],
      ["Invited (or further)", 6, 75, 60],
      ["Booked (or further)", 3, 50, 30],
      ["Clients", 2, 67, 20],
      ["Paid", 1, 50, 10],
    ]);
  });

  it("shows a funnel of zeros without dividing by zero", () => {
    const rows = funnelRows({ lead: 0, contacted: 0, invited: 0, booked: 0, client: 0, paid: 0 });
    expect(rows.every((row) => row.stepRate === 0 && row.overallRate === 0)).toBe(true);
  });
});
