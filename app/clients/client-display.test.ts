import { describe, expect, it } from "vitest";
import { statusVariant } from "./client-display";

describe("client display", () => {
  it("colours statuses by what they mean", () => {
    const variants = { paid: "success", archived: "secondary", overdue: "destructive", pending: "outline" };
    for (const [status, variant] of Object.entries(variants)) expect(statusVariant(status)).toBe(variant);
  });
});
