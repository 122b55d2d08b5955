import { describe, expect, it } from "vitest";
import { describePortalEvent } from "./portal-events";

describe("what the agency reads of a client's visit", () => {
  it("names the record when there is one, an e-mail by its quoted subject", () => {
    expect(describePortalEvent({ kind: "opened_invoice", label: "INV-1001" })).toBe("Opened invoice INV-1001");
    expect(describePortalEvent({ kind: "opened_email", label: "Your invoice" })).toBe("Read the e-mail “Your invoice”");
    expect(describePortalEvent({ kind: "signed_in", label: null })).toBe("Signed in");
  });
});
