import { describe, expect, it } from "vitest";
import { chosenOptions, depositCents, isValidChoice, proposalTotals, type PricedOption } from "./proposal-money";

const options: PricedOption[] = [
  { id: "starter", kind: "tier", priceCents: 19_900, included: false },
  { id: "growth", kind: "tier", priceCents: 24_900, included: false },
  { id: "logo", kind: "add_on", priceCents: 5_000, included: true },
  { id: "seo", kind: "add_on", priceCents: 7_500, included: false },
];

describe("proposal money", () => {
  it("adds the chosen package, the included add-ons and the optional ones picked", () => {
    expect(proposalTotals(options, { discountCents: 0, depositRule: "percent", depositValue: 50 }, { tierOptionId: "growth", addOnOptionIds: ["seo"] })).toEqual({
      subtotalCents: 37_400,
      discountCents: 0,
      totalCents: 37_400,
      depositCents: 18_700,
      remainderCents: 18_700,
    });
    expect(chosenOptions(options, { tierOptionId: "starter", addOnOptionIds: [] }).map((option) => option.id)).toEqual(["starter", "logo"]);
  });

  it("takes the discount off before the deposit and never below zero", () => {
    const totals = proposalTotals(options, { discountCents: 4_900, depositRule: "percent", depositValue: 30 }, { tierOptionId: "starter", addOnOptionIds: [] });
    expect(totals).toMatchObject({ subtotalCents: 24_900, totalCents: 20_000, depositCents: 6_000, remainderCents: 14_000 });
    expect(proposalTotals(options, { discountCents: 99_999, depositRule: "percent", depositValue: 30 }, { tierOptionId: "starter", addOnOptionIds: [] }).totalCents).toBe(0);
  });

  it("rounds a percent deposit to the cent and caps a fixed one at the total", () => {
    expect(depositCents(333, "percent", 50)).toBe(167);
    expect(depositCents(10_000, "fixed", 2_500)).toBe(2_500);
    expect(depositCents(10_000, "fixed", 25_000)).toBe(10_000);
    expect(depositCents(10_000, "percent", 150)).toBe(10_000);
  });

  it("accepts only a package of the offer and optional add-ons", () => {
    expect(isValidChoice(options, { tierOptionId: "growth", addOnOptionIds: ["seo"] })).toBe(true);
    expect(isValidChoice(options, { tierOptionId: "seo", addOnOptionIds: [] })).toBe(false);
    expect(isValidChoice(options, { tierOptionId: "growth", addOnOptionIds: ["logo"] })).toBe(false);
    expect(isValidChoice(options, { tierOptionId: "growth", addOnOptionIds: ["unknown"] })).toBe(false);
  });
});
