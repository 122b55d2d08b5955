import { describe, expect, it } from "vitest";
import { maskEmailAddresses, redactedPath, requestIdFrom } from "./log-redaction";

describe("logged paths", () => {
  it("hide the tokens of booking, invoice, unsubscribe, admin invitation and password-reset links", () => {
    expect(redactedPath("/booking/Xy7_secretToken")).toBe("/booking/***");
    expect(redactedPath("/booking/Xy7_secretToken.data")).toBe("/booking/***.data");
    expect(redactedPath("/invoice/abc123")).toBe("/invoice/***");
    expect(redactedPath("/invoice/abc123/pdf")).toBe("/invoice/***/pdf");
    expect(redactedPath("/unsubscribe/u-tok.en")).toBe("/unsubscribe/***");
    expect(redactedPath("/api/auth/reset-password/rst")).toBe("/api/auth/reset-password/***");
    expect(redactedPath("/auth/invitation/inv1t3-Token_x")).toBe("/auth/invitation/***");
    expect(redactedPath("/auth/invitation/inv1t3-Token_x.data")).toBe("/auth/invitation/***.data");
    expect(redactedPath("/portal/sign-in/s3cret_Link")).toBe("/portal/sign-in/***");
    expect(redactedPath("/calendar/f33d_Secret.ics")).toBe("/calendar/***");
  });

  it("drop the query, where links carry tokens and addresses", () => {
    expect(redactedPath("/api/auth/verify-email?token=abc&callbackURL=%2F")).toBe("/api/auth/verify-email");
    expect(redactedPath("/admin/leads?search=jane%40example.com#top")).toBe("/admin/leads");
  });

  it("leave other paths as they are", () => {
    expect(redactedPath("/")).toBe("/");
    expect(redactedPath("/booking")).toBe("/booking");
    expect(redactedPath("/admin/invoices/4f0c/pdf")).toBe("/admin/invoices/4f0c/pdf");
    expect(redactedPath("/assets/entry.client-x1.js")).toBe("/assets/entry.client-x1.js");
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
