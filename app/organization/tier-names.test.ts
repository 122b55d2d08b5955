import { describe, expect, it } from "vitest";
import { tierLabel, tierName, tierNamesOf } from "./tier-names";

describe("tier names", () => {
  it("names a tier from the tier table, and still shows a tier the table lacks", () => {
    const names = tierNamesOf([{ tier: "2", name: "Growth Engine" }]);
    expect(names).toEqual({ "2": "Growth Engine" });
    expect(tierLabel("2", names)).toBe("Tier 2 – Growth Engine");
    expect(tierLabel("4", names)).toBe("Tier 4");
    expect(tierName("2", names)).toBe("Growth Engine");
    expect(tierName("4", names)).toBe("Tier 4");
  });
});
