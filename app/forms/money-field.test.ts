import { describe, expect, it } from "vitest";
import { dollarsField, optionalDollarsField } from "./money-field";
import { z } from "./zod";

describe("the money field every form uses", () => {
  const form = z.object({
    price: dollarsField("Enter a price"),
    discount: dollarsField("Enter a discount", { empty: 0 }),
    promoPrice: optionalDollarsField("Enter a promo price", { max: 100_000 }),
    payment: dollarsField("Enter an amount above 0", { min: 1 }),
  });

  it("reads what a person types into cents, the same in every form", () => {
    expect(form.parse({ price: "$1,250.50", discount: "", promoPrice: "", payment: "0.01" })).toEqual({
      price: 125_050,
      discount: 0,
      promoPrice: null,
      payment: 1,
    });
  });

  it("refuses what is not an amount, what is under the least, and what is over the most", () => {
    const refused = form.safeParse({ price: "12.345", discount: "-5", promoPrice: "1000.01", payment: "0" });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries((refused.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      price: "Enter a price",
      discount: "Enter a discount",
      promoPrice: "Enter at most $1,000",
      payment: "Enter an amount above 0",
    });
    expect(form.safeParse({ price: "", discount: "", promoPrice: "", payment: "1" }).error?.issues[0]?.message).toBe("Enter a price");
    expect(form.safeParse({ price: "21,474,836.48", discount: "", promoPrice: "", payment: "1" }).error?.issues[0]?.message).toBe("Enter at most $21,474,836.47");
  });
});
