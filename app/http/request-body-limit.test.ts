import { describe, expect, it } from "vitest";
import { ADMIN_BODY_LIMIT, BACKUP_BODY_LIMIT, bodyLimitFor, PUBLIC_BODY_LIMIT, UPLOAD_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from "./request-body-limit";

describe("the body limit of a route", () => {
  it("is 64 KB on the public site, the sign-in and the auth API", () => {
    expect(PUBLIC_BODY_LIMIT).toBe(64 * 1024);
    for (const path of ["/", "/contact", "/contact-message", "/booking/abc", "/auth", "/api/auth/sign-in/email", "/contact.data"]) {
      expect(bodyLimitFor(path)).toBe(PUBLIC_BODY_LIMIT);
    }
  });

  it("is larger for the back-office, and largest for its two uploads, their data requests included", () => {
    for (const path of ["/admin", "/admin/leads", "/admin/leads/x/convert", "/admin/leads.data"]) expect(bodyLimitFor(path)).toBe(ADMIN_BODY_LIMIT);
    for (const path of ["/admin/leads/import", "/admin/leads/import.data"]) {
      expect(bodyLimitFor(path)).toBe(UPLOAD_BODY_LIMIT);
    }
    for (const path of ["/admin/settings/data", "/admin/settings/data/", "/admin/settings/data.data"]) {
      expect(bodyLimitFor(path)).toBe(BACKUP_BODY_LIMIT);
    }
  });

  it("is 256 KB for Stripe's webhook, at its own path only", () => {
    expect(WEBHOOK_BODY_LIMIT).toBe(256 * 1024);
    expect(bodyLimitFor("/webhooks/stripe")).toBe(WEBHOOK_BODY_LIMIT);
    for (const path of ["/webhooks/stripe/", "/webhooks/stripe.data", "/webhooks/stripe-other", "/webhooks"]) expect(bodyLimitFor(path)).toBe(PUBLIC_BODY_LIMIT);
  });
});
