import { describe, expect, it } from "vitest";
import { addOnUnitPriceCents, isAddOnOffered } from "./add-on-price";

describe("the add-on price rule", () => {
  const both = { flatPriceCents: 7_500, tierPricesCents: { "1": 5_000, "2": 6_000 } };
  const tiered = { flatPriceCents: null, tierPricesCents: { "1": 5_000, "3": 15_000 } };

  it("takes the custom price first", () => {
    expect(addOnUnitPriceCents(both, "1", 4_200)).toBe(4_200);
    expect(addOnUnitPriceCents(tiered, "2", 0)).toBe(0);
  });

  it("else the flat price", () => {
    expect(addOnUnitPriceCents(both, "2")).toBe(7_500);
  });

  it("else the price for the project's tier, or none", () => {
    expect(addOnUnitPriceCents(tiered, "3")).toBe(15_000);
    expect(addOnUnitPriceCents(tiered, "2")).toBeNull();
    expect(addOnUnitPriceCents({ flatPriceCents: null, tierPricesCents: null }, "1")).toBeNull();
  });
});

describe("add-on availability and money", () => {
  it("is offered only when active and available for the tier", () => {
    expect(isAddOnOffered({ isActive: true, availableForTiers: ["1", "2"] }, "2")).toBe(true);
    expect(isAddOnOffered({ isActive: true, availableForTiers: ["1", "2"] }, "3")).toBe(false);
    expect(isAddOnOffered({ isActive: false, availableForTiers: ["1", "2"] }, "1")).toBe(false);
  });

});
