import { describe, expect, it } from "vitest";
import { describeSmtpUrl } from "./smtp-connection";

describe("what the Email tab shows of SMTP_URL", () => {
  it("shows host, port and user, never the password", () => {
    const shown = describeSmtpUrl("smtp://mailer%40studio.test:s3cret-pass@smtp.example.com:2525");
    expect(shown).toEqual({ configured: true, secure: false, host: "smtp.example.com", port: "2525", user: "mailer@studio.test" });
    expect(JSON.stringify(shown)).not.toContain("s3cret");
    expect(describeSmtpUrl("smtps://smtp.example.com")).toMatchObject({ secure: true, port: "465", user: null });
    expect(describeSmtpUrl(undefined)).toEqual({ configured: false });
  });
});
