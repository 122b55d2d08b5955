import { describe, expect, it } from "vitest";
import { DEFAULT_TIER_CATALOG } from "~/organization/tier-catalog";
import { priceRangeOf, tierPrice } from "./tier-display";

const [starter, growth, professional] = DEFAULT_TIER_CATALOG.map((tier) => ({ ...tier, features: [...tier.features] }));

describe("tier prices on the public pages", () => {
  it("show the launch price with the regular price struck through", () => {
    expect(tierPrice(starter!)).toEqual({ headline: "$99", note: "with the launch offer, one-time", regular: "$199" });
  });
  it("show a one-time price", () => {
    expect(tierPrice(growth!)).toEqual({ headline: "$249", note: "one-time", regular: null });
  });
  it("show custom quotes with their starting price", () => {
    expect(tierPrice(professional!)).toEqual({ headline: "Custom quote", note: "Projects from $500", regular: null });
  });
});

describe("the catalog's price range", () => {
  it("runs from the lowest price paid to the highest listed, open-ended when a tier is quoted", () => {
    expect(priceRangeOf(DEFAULT_TIER_CATALOG)).toBe("$99 - $1,000+");
    expect(priceRangeOf([{ ...growth!, isCustomQuote: false }])).toBe("$249 - $249");
    expect(priceRangeOf([{ ...starter!, promoPriceCents: 7_900 }, { ...growth!, priceCents: 30_000 }])).toBe("$79 - $300");
    expect(priceRangeOf([])).toBeNull();
  });
});
