import { describe, expect, it } from "vitest";
import { newProjectSchema } from "./project-form";

describe("the new-project form", () => {
  it("refuses an empty or blank name with the spec's message", () => {
    for (const name of ["", "   "]) {
      const result = newProjectSchema.safeParse({ name, tier: "1" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter a project name");
    }
  });

  it("accepts a named project", () => {
    expect(newProjectSchema.safeParse({ name: "Rental catalog site", tier: "2" }).success).toBe(true);
  });
});
