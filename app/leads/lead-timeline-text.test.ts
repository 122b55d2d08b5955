import { describe, expect, it } from "vitest";
import { describeTimelineEntry } from "./lead-timeline-text";
import type { LeadTimelineEntry } from "./lead-timeline.server";

const entry = (event: LeadTimelineEntry["event"], data: Record<string, unknown>) =>
  ({ id: "e1", event, data, createdAt: new Date("2026-11-24T15:00:00Z"), actorName: null }) as unknown as LeadTimelineEntry;

/** An entry of this event and data, in words, on a calendar in UTC. */
const described = (event: LeadTimelineEntry["event"], data: Record<string, unknown>) => describeTimelineEntry(entry(event, data), "UTC");

type Case = [event: LeadTimelineEntry["event"], data: Record<string, unknown>, words: { title: string; detail?: string }];

describe("a lead's timeline, in words", () => {
  it.each<Case>([
    ["status_changed", { from: "new", to: "contacted" }, { title: "Status changed from new to contacted" }],
    ["form_submitted", { source: "import" }, { title: "Imported from CSV" }],
    ["form_submitted", { tier: "1", promo: true, message: "Menus online" }, { title: "Form submitted", detail: "Tier: Tier 1 – Starter · launch offer · “Menus online”" }],
    ["converted", { invoiceNumber: "INV-1001", promoCodeApplied: "LAUNCH-X" }, { title: "Converted to client", detail: "Draft invoice INV-1001 · promo LAUNCH-X applied" }],
  ])("names each kind of entry: %s", (event, data, words) => {
    expect(described(event, data)).toEqual(words);
  });

  it.each<Case>([
    ["unsubscribed", { via: "link", email: "ana@example.com", subject: "Your site, 2 weeks on" }, { title: "Unsubscribed from marketing e-mail", detail: "Through the link in “Your site, 2 weeks on”" }],
    ["email_suppressed", { subject: "Step 2", to: "ana@example.com" }, { title: "E-mail not sent: Step 2", detail: "ana@example.com is on the suppression list" }],
  ])("says when an address unsubscribed or a message was held back for it: %s", (event, data, words) => {
    expect(described(event, data)).toEqual(words);
  });

  it("says when an address was added to the suppression list or came back", () => {
    expect(described("unsubscribed", { via: "admin", email: "ana@example.com" }).title).toBe("Added to the suppression list");
    expect(described("resubscribed", { via: "link", email: "ana@example.com" }).title).toBe("Resubscribed to marketing e-mail");
  });

  // In the words the cadences domain writes into each entry (decision 048).
  it.each<Case>([
    ["cadence_enrolled", { cadenceName: "Promo follow-up", trigger: "promo_claimed", triggerText: "Promo claimed" }, { title: "Enrolled in cadence Promo follow-up", detail: "Trigger: Promo claimed" }],
    ["cadence_step_sent", { cadenceName: "Promo follow-up", stepNumber: 1, templateName: "Welcome" }, { title: "Cadence Promo follow-up: step 1 sent", detail: "Template: Welcome" }],
    [
      "cadence_step_skipped",
      { cadenceName: "Promo follow-up", stepNumber: 2, reason: "promo_active", because: "the lead's promo is not active" },
      { title: "Cadence Promo follow-up: step 2 skipped", detail: "Because the lead's promo is not active" },
    ],
    [
      "cadence_ended",
      { cadenceName: "Promo follow-up", reason: "unsubscribed", because: "the address unsubscribed or is suppressed" },
      { title: "Cadence Promo follow-up ended", detail: "Because the address unsubscribed or is suppressed" },
    ],
  ])("tells a cadence's story: enrolment, each step sent or skipped and why, the end: %s", (event, data, words) => {
    expect(described(event, data)).toEqual(words);
  });
});
