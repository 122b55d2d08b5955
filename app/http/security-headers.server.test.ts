import { describe, expect, it } from "vitest";
import { isPrivatePath, securityHeaders } from "./security-headers.server";

describe("the security headers", () => {
  it("ask for https from then on only when the site is served over https", () => {
    const https = new Map(securityHeaders({ nonce: "n" }, "https://agency.example"));
    expect(https.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    const http = new Map(securityHeaders({ nonce: "n" }, "http://localhost:3000"));
    expect(http.has("Strict-Transport-Security")).toBe(false);
    for (const headers of [https, http]) {
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    }
  });

  it("keep the back-office, sign-in and personal pages private, and not the public site", () => {
    for (const path of ["/admin", "/admin/leads", "/admin.data", "/auth", "/api/auth/get-session", "/invoice/x", "/booking/x", "/portal", "/portal.data", "/portal/invoices/x", "/calendar/x.ics"]) expect(isPrivatePath(path), path).toBe(true);
    for (const path of ["/", "/packages", "/administration-tips", "/authors", "/contact.data", "/portals-guide"]) expect(isPrivatePath(path), path).toBe(false);
  });
});
