import { describe, expect, it } from "vitest";
import { DEFAULT_CONTRACT_BODY, renderContract, unknownPlaceholders, type ContractValues } from "./contract-text";

const values: ContractValues = {
  ClientName: "Jordan Rivera",
  ClientEmail: "jordan@example.com",
  BusinessName: "Bright Pixel Studio",
  Package: "Tier 2 – Growth Site",
  AddOns: "- SEO setup",
  Scope: "- Contact form",
  Price: "$324.00",
  Deposit: "$162.00",
  Remainder: "$162.00",
  Date: "November 29, 2026",
  ExpiryDate: "December 15, 2026",
};

describe("contract text", () => {
  it("fills every placeholder of the default contract", () => {
    const text = renderContract(DEFAULT_CONTRACT_BODY, values);
    expect(text).not.toMatch(/\{\{/);
    expect(text).toContain("between Bright Pixel Studio");
    expect(text).toContain("A deposit of $162.00 is due on signing");
  });

  it("names the placeholders it cannot fill", () => {
    expect(unknownPlaceholders("Hi {{ClientName}}, {{Nope}} {{ Nope }}")).toEqual(["Nope"]);
    expect(unknownPlaceholders(DEFAULT_CONTRACT_BODY)).toEqual([]);
  });
});
