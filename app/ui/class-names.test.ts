import { describe, expect, it, vi } from "vitest";
import { cn } from "./class-names";

// The test setup records console.error and fails the test on any call; a conflict report is
// expected here, so its one call is taken out of that record with mockImplementationOnce.
describe("class names", () => {
  it("joins classes and drops the false ones", () => {
    const open = false;
    expect(cn("flex gap-2", open && "hidden", undefined, { "text-primary": true, "text-muted": open })).toBe("flex gap-2 text-primary");
  });

  it("keeps every class as given, conflicting or not", () => {
    vi.mocked(console.error).mockImplementationOnce(() => {});
    expect(cn("h-10 px-4", "h-8")).toBe("h-10 px-4 h-8");
  });

  it("reports a conflict in development, and nothing when the classes agree", () => {
    const report = vi.mocked(console.error);
    cn("flex gap-2", "mt-4 w-full");
    expect(report).not.toHaveBeenCalled();
    report.mockImplementationOnce(() => {});
    cn("text-sm font-medium", "text-base");
    expect(report).toHaveBeenCalledWith(expect.stringContaining("Conflicting classes: text-sm overridden"));
  });
});
