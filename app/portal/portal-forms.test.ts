import { describe, expect, it } from "vitest";
import { checkForm } from "~/forms/form-result";
import { bookTimeForm } from "./portal-forms";

describe("the portal's choice of a time", () => {
  const slot = "2026-12-01/600";

  it("reads an offered slot or a proposed instant, with the visitor's zone", () => {
    expect(checkForm(bookTimeForm, { time: `slot:${slot}`, timeZone: "Europe/Paris" })).toEqual({ ok: true, data: { slotKey: slot, visitorTimeZone: "Europe/Paris" } });
    expect(checkForm(bookTimeForm, { time: "proposed:2026-12-01T15:00:00.000Z" })).toEqual({ ok: true, data: { proposedStart: "2026-12-01T15:00:00.000Z", visitorTimeZone: undefined } });
  });

  it("refuses no choice, a malformed or altered slot and anything else with one message", () => {
    for (const time of [undefined, "", "slot:42", "slot:2026-02-30/600", "slot:2026-12-01/1440", "slot:0192f6a0-7c1e-7b3a-9a51-0c1a2b3c4d5e", "proposed:soon", slot]) {
      const checked = checkForm(bookTimeForm, time === undefined ? {} : { time });
      expect(checked.ok ? null : checked.fieldErrors.time, String(time)).toBe("Please select a time.");
    }
  });
});
