import { describe, expect, it } from "vitest";
import { checkForm } from "~/forms/form-result";
import { cadenceSchema, sandboxSchema } from "./cadence-forms";

const template = "7f1c2a52-8c1e-4f7e-9a43-0c5b7d1e2f30";

describe("the cadence form", () => {
  it("reads the steps in the order shown, with their conditions", () => {
    const checked = checkForm(cadenceSchema, {
      name: "Promo follow-up",
      trigger: "promo_claimed",
      "steps.1.delayAmount": "2",
      "steps.1.delayUnit": "hours",
      "steps.1.templateId": template,
      "steps.0.delayAmount": "0",
      "steps.0.delayUnit": "days",
      "steps.0.templateId": template,
      "steps.0.condition.not_converted": "on",
      "steps.0.condition.promo_active": "on",
      "steps.0.condition.bogus": "on",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.steps).toEqual([
      { delayAmount: 0, delayUnit: "days", templateId: template, conditions: ["not_converted", "promo_active"] },
      { delayAmount: 2, delayUnit: "hours", templateId: template, conditions: [] },
    ]);
    expect(checked.data.description).toBeNull();
  });

  it("names each wrong field of a step, and refuses a cadence without steps", () => {
    const checked = checkForm(cadenceSchema, { name: "", trigger: "nope", "steps.0.delayAmount": "-1", "steps.0.delayUnit": "days", "steps.0.templateId": "" });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fieldErrors).toMatchObject({
      name: "Name is required",
      trigger: "Choose what enrols a lead",
    });
    const noSteps = checkForm(cadenceSchema, { name: "A", trigger: "manual" });
    expect(noSteps.ok ? null : noSteps.fieldErrors).toEqual({ steps: "Add at least one step" });
    const badStep = checkForm(cadenceSchema, { name: "A", trigger: "manual", "steps.0.delayAmount": "1.5", "steps.0.delayUnit": "hours", "steps.0.templateId": "x" });
    expect(badStep.ok ? null : badStep.fieldErrors).toEqual({
      "steps.0.delayAmount": "Enter a whole number of hours from 0 to 8760",
      "steps.0.templateId": "Choose a template",
    });
  });
});

describe("the sandbox form", () => {
  it("needs a test address and exactly one of a template or a cadence", () => {
    expect(checkForm(sandboxSchema, { testEmail: "me@example.com", templateId: template, cadenceId: "" })).toMatchObject({
      ok: true,
      data: { testEmail: "me@example.com", templateId: template, cadenceId: null },
    });
    expect(checkForm(sandboxSchema, { testEmail: "", templateId: "", cadenceId: "" })).toMatchObject({
      ok: false,
      fieldErrors: { testEmail: "Enter a test email address" },
    });
    expect(checkForm(sandboxSchema, { testEmail: "me@example.com", templateId: "", cadenceId: "" })).toMatchObject({
      ok: false,
      fieldErrors: { templateId: "Choose a template or a cadence", cadenceId: "Choose a template or a cadence" },
    });
    expect(checkForm(sandboxSchema, { testEmail: "me@example.com", templateId: template, cadenceId: template })).toMatchObject({
      ok: false,
      fieldErrors: { templateId: "Choose a template or a cadence, not both" },
    });
    expect(checkForm(sandboxSchema, { testEmail: "not-an-address", templateId: template })).toMatchObject({
      ok: false,
      fieldErrors: { testEmail: "Enter a valid email address" },
    });
  });
});
