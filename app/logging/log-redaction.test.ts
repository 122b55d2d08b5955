import { describe, expect, it } from "vitest";
import { maskEmailAddresses, redactedPath, requestIdFrom } from "./log-redaction";

/** Each path as the log shows it. */
function expectLoggedAs(loggedPaths: Record<string, string>) {
  for (const [path, logged] of Object.entries(loggedPaths)) expect(redactedPath(path)).toBe(logged);
}

describe("logged paths", () => {
  it("hide the tokens of booking, invoice, unsubscribe, admin invitation and password-reset links", () => {
    expectLoggedAs({
      "/booking/Xy7_secretToken": "/booking/***",
      "/booking/Xy7_secretToken.data": "/booking/***.data",
      "/invoice/abc123": "/invoice/***",
      "/invoice/abc123/pdf": "/invoice/***/pdf",
      "/unsubscribe/u-tok.en": "/unsubscribe/***",
      "/api/auth/reset-password/rst": "/api/auth/reset-password/***",
      "/auth/invitation/inv1t3-Token_x": "/auth/invitation/***",
      "/auth/invitation/inv1t3-Token_x.data": "/auth/invitation/***.data",
      "/portal/sign-in/s3cret_Link": "/portal/sign-in/***",
      "/calendar/f33d_Secret.ics": "/calendar/***",
    });
  });

  it("drop the query, where links carry tokens and addresses", () => {
    expectLoggedAs({
      "/api/auth/verify-email?token=abc&callbackURL=%2F": "/api/auth/verify-email",
      "/admin/leads?search=jane%40example.com#top": "/admin/leads",
    });
  });

  it("leave other paths as they are", () => {
    for (const path of ["/", "/booking", "/admin/invoices/4f0c/pdf", "/assets/entry.client-x1.js"]) expect(redactedPath(path)).toBe(path);
  });
});

describe("e-mail addresses in logs", () => {
  it("keep the first letter and the domain", () => {
    expect(maskEmailAddresses("jane.doe@example.com")).toBe("j***@example.com");
    expect(maskEmailAddresses("j@mail.example.co.uk")).toBe("j***@mail.example.co.uk");
  });

  it("are masked wherever they stand in a text", () => {
    expect(maskEmailAddresses("550 5.1.1 <bob+x@example.org>: Recipient rejected; cc ann@example.net")).toBe(
      "550 5.1.1 <b***@example.org>: Recipient rejected; cc a***@example.net",
    );
    expect(maskEmailAddresses("no address here @ all")).toBe("no address here @ all");
  });
});

describe("request ids", () => {
  it("take the proxy's when it is plain and short", () => {
    expect(requestIdFrom("3f1c2b9e-0d5e-4b7a-9a51-0c1a2b3c4d5e")).toBe("3f1c2b9e-0d5e-4b7a-9a51-0c1a2b3c4d5e");
    expect(requestIdFrom("Root=1-67891233-abcdef012345678912345678")).toBe("Root=1-67891233-abcdef012345678912345678");
  });

  it("refuse anything that could break a header or a log line", () => {
    expect(requestIdFrom(undefined)).toBeUndefined();
    expect(requestIdFrom("")).toBeUndefined();
    expect(requestIdFrom("a\r\nSet-Cookie: x=1")).toBeUndefined();
    expect(requestIdFrom("<script>")).toBeUndefined();
    expect(requestIdFrom("x".repeat(129))).toBeUndefined();
  });
});
