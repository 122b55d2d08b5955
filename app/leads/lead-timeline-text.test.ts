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
    expect(describeTimelineEntry(entry("form_submitted", { tier: "1", promo: true, message: "Menus online" }), "UTC")).toEqual({
      title: "Form submitted",
      detail: "Tier: Tier 1 – Starter · launch offer · “Menus online”",
    });
    expect(describeTimelineEntry(entry("converted", { invoiceNumber: "INV-1001", promoCodeApplied: "LAUNCH-X" }), "UTC")).toEqual({
      title: "Converted to client",
      detail: "Draft invoice INV-1001 · promo LAUNCH-X applied",
    });
  });

  it("says when an address unsubscribed, came back, or a message was held back for it", () => {
    expect(describeTimelineEntry(entry("unsubscribed", { via: "link", email: "ana@example.com", subject: "Your site, 2 weeks on" }), "UTC")).toEqual({
      title: "Unsubscribed from marketing e-mail",
      detail: "Through the link in “Your site, 2 weeks on”",
    });
    expect(describeTimelineEntry(entry("unsubscribed", { via: "admin", email: "ana@example.com" }), "UTC").title).toBe("Added to the suppression list");
    expect(describeTimelineEntry(entry("resubscribed", { via: "link", email: "ana@example.com" }), "UTC").title).toBe("Resubscribed to marketing e-mail");
    expect(describeTimelineEntry(entry("email_suppressed", { subject: "Step 2", to: "ana@example.com" }), "UTC")).toEqual({
      title: "E-mail not sent: Step 2",
      detail: "ana@example.com is on the suppression list",
    });
  });

  it("tells a cadence's story: enrolment, each step sent or skipped and why, the end", () => {
    // In the words the cadences domain writes into each entry (decision 048).
    expect(describeTimelineEntry(entry("cadence_enrolled", { cadenceName: "Promo follow-up", trigger: "promo_claimed", triggerText: "Promo claimed" }), "UTC")).toEqual({
      title: "Enrolled in cadence Promo follow-up",
      detail: "Trigger: Promo claimed",
    });
    expect(describeTimelineEntry(entry("cadence_step_sent", { cadenceName: "Promo follow-up", stepNumber: 1, templateName: "Welcome" }), "UTC")).toEqual({
      title: "Cadence Promo follow-up: step 1 sent",
      detail: "Template: Welcome",
    });
    expect(describeTimelineEntry(entry("cadence_step_skipped", { cadenceName: "Promo follow-up", stepNumber: 2, reason: "promo_active", because: "the lead's promo is not active" }), "UTC")).toEqual({
      title: "Cadence Promo follow-up: step 2 skipped",
      detail: "Because the lead's promo is not active",
    });
    expect(describeTimelineEntry(entry("cadence_ended", { cadenceName: "Promo follow-up", reason: "unsubscribed", because: "the address unsubscribed or is suppressed" }), "UTC")).toEqual({
      title: "Cadence Promo follow-up ended",
      detail: "Because the address unsubscribed or is suppressed",
    });
  });
});
