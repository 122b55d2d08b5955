import { describe, expect, it } from "vitest";
import { checkForm } from "~/forms/form-result";
import { newLeadSchema, promoExtensionSchema } from "./lead-forms";

describe("Add Lead", () => {
  it("says 'Name and email are required' when either is missing", () => {
    const missing = checkForm(newLeadSchema, { name: "", email: "" });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.fieldErrors).toMatchObject({ name: "Name and email are required", email: "Name and email are required" });
  });

  it("turns empty optional fields into null", () => {
    const added = checkForm(newLeadSchema, { name: " Rosa ", email: "rosa@example.com", phone: "", tier: "" });
    expect(added).toEqual({
      ok: true,
      data: { name: "Rosa", email: "rosa@example.com", phone: null, businessType: null, industry: null, tier: null, message: null },
    });
  });
});

describe("Edit Promo", () => {
  it("extends by 1 to 90 days", () => {
    expect(checkForm(promoExtensionSchema, { days: "7" }).ok).toBe(true);
    expect(checkForm(promoExtensionSchema, { days: "0" }).ok).toBe(false);
    expect(checkForm(promoExtensionSchema, { days: "91" }).ok).toBe(false);
  });
});
