import { describe, expect, it } from "vitest";
import { DEFAULT_TIER_CATALOG } from "~/organization/tier-catalog";
import { tierPrice } from "./tier-display";

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
