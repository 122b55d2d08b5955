import { describe, expect, it } from "vitest";
import { addOnSchema } from "./add-on-forms";

describe("the add-on form", () => {
  it("requires a name and reads prices in steps of 0.01 as cents", () => {
    expect(addOnSchema.safeParse({ name: " ", availableForTiers: ["1"] }).error?.issues[0]?.message).toBe("Name is required");
    const parsed = addOnSchema.parse({ name: "Logo design", flatPrice: "149.99", tierPrice2: "60", availableForTiers: ["1", "2"] });
    expect(parsed).toMatchObject({ flatPrice: 14_999, tierPrice1: null, tierPrice2: 6_000, availableForTiers: ["1", "2"] });
    expect(addOnSchema.safeParse({ name: "x", flatPrice: "1.234", availableForTiers: ["1"] }).success).toBe(false);
  });
});
