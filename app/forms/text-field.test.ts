import { describe, expect, it } from "vitest";
import { optionalText } from "./text-field";

describe("an optional text field", () => {
  it("is trimmed, null when empty or left out, and refuses more than its length", () => {
    const field = optionalText(5);
    expect([field.parse("  hi  "), field.parse("   "), field.parse(""), field.parse(undefined)]).toEqual(["hi", null, null, null]);
    expect(field.safeParse("toolong").error?.issues[0]?.message).toBe("Use at most 5 characters");
  });
});
