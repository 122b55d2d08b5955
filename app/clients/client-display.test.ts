import { describe, expect, it } from "vitest";
import { statusVariant, tierLabel, tierName } from "./client-display";

describe("client display", () => {
  it("names a tier from the tier table, and still shows a tier the table lacks", () => {
    const tiers = [{ tier: "2" as const, name: "Growth Engine" }];
    expect(tierLabel(tiers, "2")).toBe("Tier 2 – Growth Engine");
    expect(tierLabel(tiers, "4")).toBe("Tier 4 – Tier 4");
    expect(tierName(tiers, "2")).toBe("Growth Engine");
  });

  it("colours statuses by what they mean", () => {
    expect(statusVariant("paid")).toBe("success");
    expect(statusVariant("archived")).toBe("secondary");
    expect(statusVariant("overdue")).toBe("destructive");
    expect(statusVariant("pending")).toBe("outline");
  });
});
