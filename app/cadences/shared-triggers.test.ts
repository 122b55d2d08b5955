import { describe, expect, it } from "vitest";
import { firstDayMails, firstDaySentence, sharedTriggers, sharedWith, stepMinutes, type CadenceSummary } from "./shared-triggers";

const names: Record<string, string> = { welcome: "Welcome", offer: "Your offer", nudge: "Still there?", call: "Book a call" };
const templateName = (id: string) => names[id] ?? "Template deleted";

const cadence = (id: string, trigger: string, steps: CadenceSummary["steps"], status = "active"): CadenceSummary => ({ id, name: `Cadence ${id}`, trigger, status, steps });
const day = (delayAmount: number, templateId: string) => ({ delayAmount, delayUnit: "days" as const, templateId });
const hours = (delayAmount: number, templateId: string) => ({ delayAmount, delayUnit: "hours" as const, templateId });

describe("cadences that share a trigger", () => {
  it("counts a step's delay in minutes, a day as 24 hours", () => {
    expect([stepMinutes(day(0, "x")), stepMinutes(hours(3, "x")), stepMinutes(day(2, "x"))]).toEqual([0, 180, 2880]);
  });

  it("lists what a new lead gets in its first 24 hours from every cadence at once, in the order it goes out", () => {
    const mails = firstDayMails([cadence("A", "promo_claimed", [day(0, "welcome"), hours(23, "nudge"), day(1, "offer")]), cadence("B", "promo_claimed", [hours(2, "offer"), day(0, "call")])], templateName);
    expect(mails.map((mail) => [mail.when, mail.templateName, mail.cadenceName])).toEqual([
      ["Day 0", "Welcome", "Cadence A"],
      ["Day 0", "Book a call", "Cadence B"],
      ["+2 hours", "Your offer", "Cadence B"],
      ["+23 hours", "Still there?", "Cadence A"],
    ]);
  });

  it("flags a trigger that enrols a lead in more than one active cadence, never a manual one, a paused one or a lone one", () => {
    const shared = sharedTriggers(
      [
        cadence("A", "promo_claimed", [day(0, "welcome")]),
        cadence("B", "promo_claimed", [day(0, "offer")]),
        cadence("C", "promo_claimed", [day(0, "nudge")], "paused"),
        cadence("D", "inquiry_received", [day(0, "welcome")]),
        cadence("E", "manual", [day(0, "welcome")]),
        cadence("F", "manual", [day(0, "welcome")]),
      ],
      templateName,
    );
    expect(shared.map((one) => [one.trigger, one.cadences.map((c) => c.id)])).toEqual([["promo_claimed", ["A", "B"]]]);
    expect(firstDaySentence(shared[0]!)).toBe("2 active cadences start on “Promo claimed”: a new lead gets 2 e-mails from them in its first day.");
  });

  it("says what a cadence being saved would share, counting it as active and once", () => {
    const others = [cadence("A", "promo_claimed", [day(0, "welcome")]), cadence("B", "inquiry_received", [day(0, "welcome")])];
    const saved = cadence("A", "promo_claimed", [day(0, "offer"), day(3, "nudge")], "paused");
    expect(sharedWith(saved, others, templateName)).toBeNull();
    const another = cadence("N", "promo_claimed", [day(0, "offer"), day(3, "nudge")], "paused");
    expect(sharedWith(another, others, templateName)).toMatchObject({ cadences: [{ id: "N" }, { id: "A" }], firstDay: [{ templateName: "Welcome" }, { templateName: "Your offer" }] });
  });
});
