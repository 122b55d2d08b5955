import { describe, expect, it } from "vitest";
import { statusVariant } from "./client-display";

describe("client display", () => {
  it("colours statuses by what they mean", () => {
    expect(statusVariant("paid")).toBe("success");
    expect(statusVariant("archived")).toBe("secondary");
    expect(statusVariant("overdue")).toBe("destructive");
    expect(statusVariant("pending")).toBe("outline");
  });
});
