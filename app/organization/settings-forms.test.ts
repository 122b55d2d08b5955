import { describe, expect, it } from "vitest";
import { checkForm } from "~/forms/form-result";
import { backupSettingsForm, emailSettingsForm, organizationSettingsForm, promoSettingsForm, tierForm } from "./settings-forms";

const organization = {
  companyName: "Bright Pixel",
  replyToEmail: "Hello@BrightPixel.test",
  agencyNotificationEmail: "",
  phone: "+1 555 0100",
  address: "1 Main St\nSpringfield",
  timezone: "Europe/Paris",
};

describe("the Organization tab's form", () => {
  it("takes good values, empties become null and addresses lower-case", () => {
    const checked = checkForm(organizationSettingsForm, organization);
    expect(checked).toEqual({
      ok: true,
      data: { ...organization, replyToEmail: "hello@brightpixel.test", agencyNotificationEmail: null, clientPortalEnabled: false },
    });
    // The client portal's box: ticked is "on", left unticked it is not sent at all.
    const ticked = checkForm(organizationSettingsForm, { ...organization, clientPortalEnabled: "on" });
    expect(ticked.ok && ticked.data.clientPortalEnabled).toBe(true);
  });

  it("refuses a bad value with its field's error", () => {
    const checked = checkForm(organizationSettingsForm, { ...organization, companyName: "  ", replyToEmail: "not-an-address", timezone: "Mars/Olympus" });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fieldErrors).toEqual({
      companyName: "Enter the company name",
      replyToEmail: "Please enter a valid email address",
      timezone: "Choose a time zone from the list",
    });
    expect(checked.values.replyToEmail).toBe("not-an-address");
  });

  it("refuses a line break or an encoded word in the company name (it goes into mail headers)", () => {
    const checked = checkForm(organizationSettingsForm, { ...organization, companyName: "Evil\r\nBcc: x@y.test" });
    expect(checked.ok ? null : checked.fieldErrors.companyName).toBe("Use letters, spaces and punctuation only");
    const encoded = checkForm(organizationSettingsForm, { ...organization, companyName: "=?UTF-8?B?RXZpbA0KQmNjOiB4QHkudGVzdA==?=" });
    expect(encoded.ok ? null : encoded.fieldErrors.companyName).toBe("Write the name as it reads, without encoded text (=?…?=)");
  });
});

describe("the Email tab's form", () => {
  it("refuses a sender address that is not one", () => {
    const checked = checkForm(emailSettingsForm, { senderName: "Studio", senderEmail: "studio@", unsubscribeFooterText: "" });
    expect(checked.ok ? null : checked.fieldErrors).toEqual({ senderEmail: "Please enter a valid email address" });
  });
});

describe("the Promos tab's forms", () => {
  it("takes days, prefix (upper-cased) and commission", () => {
    expect(checkForm(promoSettingsForm, { promoDurationDays: "14", promoCodePrefix: "spring", referralCommissionPercent: "15", promoPopupDelaySeconds: "3" })).toEqual({
      ok: true,
      data: { promoDurationDays: 14, promoCodePrefix: "SPRING", referralCommissionPercent: 15, promoPopupDelaySeconds: 3 },
    });
  });

  it("refuses days out of range, a prefix with a dash and a commission over 100", () => {
    const checked = checkForm(promoSettingsForm, { promoDurationDays: "0", promoCodePrefix: "LA-UNCH", referralCommissionPercent: "101", promoPopupDelaySeconds: "61" });
    expect(checked.ok ? null : Object.keys(checked.fieldErrors).sort()).toEqual(["promoCodePrefix", "promoDurationDays", "promoPopupDelaySeconds", "referralCommissionPercent"]);
  });

  it("reads a tier in dollars to cents, features one per line, and refuses a promo price above the price", () => {
    const tier = { tier: "1", name: "Starter", tagline: "", price: "249.50", promoPrice: "99", features: "One page\n\n  Fast  \n", isCustomQuote: "" };
    expect(checkForm(tierForm, tier)).toEqual({
      ok: true,
      data: { tier: "1", name: "Starter", tagline: null, price: 24_950, promoPrice: 9_900, features: ["One page", "Fast"], isCustomQuote: false },
    });
    const refused = checkForm(tierForm, { ...tier, promoPrice: "300" });
    expect(refused.ok ? null : refused.fieldErrors).toEqual({ promoPrice: "The promo price must not be above the price" });
    const badPrice = checkForm(tierForm, { ...tier, price: "12,00" });
    expect(badPrice.ok ? null : badPrice.fieldErrors.price).toMatch(/in dollars/);
  });
});

describe("the Data tab's backups-kept setting", () => {
  it("keep 1 to 365 nightly backups", () => {
    expect(checkForm(backupSettingsForm, { backupsKept: "14" })).toEqual({ ok: true, data: { backupsKept: 14 } });
    for (const bad of ["0", "366", "2.5", "many"]) expect(checkForm(backupSettingsForm, { backupsKept: bad }).ok).toBe(false);
  });
});
