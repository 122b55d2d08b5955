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

describe("the task and tier forms", () => {
  it("use the spec's messages", async () => {
    const { addCustomTaskSchema, upgradeTierSchema, addTierTaskSchema } = await import("./project-form");
    expect(addCustomTaskSchema.safeParse({ taskName: "  " }).error?.issues[0]?.message).toBe("Task name is required");
    expect(upgradeTierSchema.safeParse({ tier: "" }).error?.issues[0]?.message).toBe("Please select a tier");
    expect(addTierTaskSchema.safeParse({ tier: "", taskName: "x" }).error?.issues[0]?.message).toBe("Please select a tier");
  });

  it("a custom task without a category gets none here, so the service files it under Custom", async () => {
    const { addCustomTaskSchema } = await import("./project-form");
    expect(addCustomTaskSchema.parse({ taskName: "Order business cards", category: "" })).toEqual({ taskName: "Order business cards", category: null });
  });
});
