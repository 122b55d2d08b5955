import { describe, expect, it } from "vitest";
import { SLOT_TAKEN } from "~/consultations/booking-status";
import { checkForm } from "~/forms/form-result";
import { NO_TIME_CHOSEN, timeChoiceForm } from "./time-choice";

describe("the booking picker's choice of a time", () => {
  const slot = "2026-12-01/600";

  it("reads an offered slot or a proposed instant, with the zone the times were shown in", () => {
    expect(checkForm(timeChoiceForm, { time: `slot:${slot}`, timeZone: "Europe/Paris" })).toEqual({ ok: true, data: { slotKey: slot, visitorTimeZone: "Europe/Paris" } });
    expect(checkForm(timeChoiceForm, { time: "proposed:2026-12-01T15:00:00.000Z" })).toEqual({ ok: true, data: { proposedStart: "2026-12-01T15:00:00.000Z", visitorTimeZone: undefined } });
  });

  it("keeps no zone that is not one (an altered field writes the e-mail in the business zone)", () => {
    for (const timeZone of ["Mars/Olympus", "", "../../etc", "x".repeat(100)]) {
      expect(checkForm(timeChoiceForm, { time: `slot:${slot}`, timeZone })).toEqual({ ok: true, data: { slotKey: slot, visitorTimeZone: undefined } });
    }
  });

  it("asks for a time when none is chosen", () => {
    for (const form of [{}, { time: "" }]) {
      const checked = checkForm(timeChoiceForm, form);
      expect(checked.ok ? null : checked.fieldErrors.time).toBe(NO_TIME_CHOSEN);
    }
  });

  it("answers a value that names no time (altered or malformed) as a time no longer available", () => {
    for (const time of ["slot:42", "slot:2026-02-30/600", "slot:2026-12-01/1440", "slot:0192f6a0-7c1e-7b3a-9a51-0c1a2b3c4d5e", "proposed:soon", slot, "x".repeat(500)]) {
      const checked = checkForm(timeChoiceForm, { time });
      expect(checked.ok ? null : checked.fieldErrors.time, time).toBe(SLOT_TAKEN);
    }
  });
});
