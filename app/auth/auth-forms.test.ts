import { describe, expect, it } from "vitest";
import { safeAdminReturnPath } from "./auth-forms";

describe("the page to return to after signing in", () => {
  it("is a back-office path, kept as it was asked for", () => {
    expect(safeAdminReturnPath("/admin")).toBe("/admin");
    expect(safeAdminReturnPath("/admin/leads?page=2&status=new#top")).toBe("/admin/leads?page=2&status=new#top");
  });

  it("is nothing outside the back-office or off the site", () => {
    for (const path of [undefined, null, "", "/", "/administrator", "//evil.example/admin", "/admin/../auth", "https://evil.example/admin", "/\\\\evil.example"]) {
      expect(safeAdminReturnPath(path), String(path)).toBeNull();
    }
  });

  it("is nothing when it carries what a Location header cannot (issue 25: CR/LF and U+2028 answered 500)", () => {
    for (const path of ["/admin\\r\\nSet-Cookie: x=1", "/admin/leads\\n", "/admin\\u2028", "/admin\\u2029x", "/admin\\\\evil", "/admin\\u0000"]) {
      expect(safeAdminReturnPath(path), JSON.stringify(path)).toBeNull();
    }
  });

  it("percent-encodes other characters a header cannot carry", () => {
    expect(safeAdminReturnPath("/admin/leads?q=café")).toBe("/admin/leads?q=caf%C3%A9");
    expect(() => new Headers({ Location: safeAdminReturnPath("/admin/clients/ünïcode") ?? "" })).not.toThrow();
  });
});
