import { describe, expect, it } from "vitest";
import { checkForm } from "~/forms/form-result";
import { keptBackupForm, personEmailForm } from "./data-tab-forms";

describe("the Data tab's erasure form", () => {
  it("needs an address", () => {
    expect(checkForm(personEmailForm, { email: "" }).ok).toBe(false);
    expect(checkForm(personEmailForm, { email: " rosa@example.com " })).toEqual({ ok: true, data: { email: "rosa@example.com" } });
  });
});

describe("the Data tab's restore of a kept backup", () => {
  it("restore a kept backup only by a name the app gives them, confirmed", () => {
    const name = "agency-backup-20261124T070309Z.tar.gz";
    expect(checkForm(keptBackupForm, { name, confirmed: "yes" })).toEqual({ ok: true, data: { name, confirmed: "yes" } });
    expect(checkForm(keptBackupForm, { name }).ok).toBe(false);
    for (const bad of ["../pgdata/PG_VERSION", "/etc/passwd", "agency-backup-20261124T070309Z.tar.gz/../x", "notes.txt"]) {
      expect(checkForm(keptBackupForm, { name: bad, confirmed: "yes" }).ok).toBe(false);
    }
  });
});
