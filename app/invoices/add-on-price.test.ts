import { describe, expect, it } from "vitest";
import { addOnPriceCents } from "./add-on-price";

describe("the add-on price rule", () => {
  const tierPrices = { "1": 5_000, "3": 15_000 };

  it("takes the project's custom price first, even zero", () => {
    expect(addOnPriceCents({ customPriceCents: 1_234, flatPriceCents: 9_900, tierPricesCents: tierPrices }, "1")).toBe(1_234);
    expect(addOnPriceCents({ customPriceCents: 0, flatPriceCents: 9_900, tierPricesCents: tierPrices }, "1")).toBe(0);
  });

  it("else the flat price", () => {
    expect(addOnPriceCents({ customPriceCents: null, flatPriceCents: 9_900, tierPricesCents: tierPrices }, "3")).toBe(9_900);
  });

  it("else the price for the project's tier, and none when the tier has no price", () => {
    expect(addOnPriceCents({ customPriceCents: null, flatPriceCents: null, tierPricesCents: tierPrices }, "3")).toBe(15_000);
    expect(addOnPriceCents({ customPriceCents: null, flatPriceCents: null, tierPricesCents: tierPrices }, "2")).toBeNull();
    expect(addOnPriceCents({ customPriceCents: null, flatPriceCents: null, tierPricesCents: null }, "1")).toBeNull();
  });
});
