import { describe, expect, it } from "vitest";
import { describeTimelineEntry } from "./lead-timeline-text";
import type { LeadTimelineEntry } from "./lead-timeline.server";

const entry = (event: LeadTimelineEntry["event"], data: Record<string, unknown>) =>
  ({ id: "e1", event, data, createdAt: new Date("2026-11-24T15:00:00Z"), actorName: null }) as unknown as LeadTimelineEntry;

describe("a lead's timeline, in words", () => {
  it("names each kind of entry", () => {
    expect(describeTimelineEntry(entry("status_changed", { from: "new", to: "contacted" }), "UTC")).toEqual({
      title: "Status changed from new to contacted",
    });
    expect(describeTimelineEntry(entry("form_submitted", { source: "import" }), "UTC")).toEqual({ title: "Imported from CSV" });
    expect(describeTimelineEntry(entry("converted", { invoiceNumber: "INV-1001", promoCodeApplied: "LAUNCH-X" }), "UTC")).toEqual({
      title: "Converted to client",
      detail: "Draft invoice INV-1001 · promo LAUNCH-X applied",
    });
  });
});
