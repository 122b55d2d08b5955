import { generate, ScureBase32Plugin } from "otplib";
import { describe, expect, it } from "vitest";
import { matchingTotpStep, totpCodeForStep, totpStepAt } from "./totp-step";

// better-auth's secrets are 32 letters and digits, used as their UTF-8 bytes; an authenticator app
// gets those bytes in base32 (the QR code's `secret=`), as otplib takes them here.
const secret = "Xk3vQ9mPz2LwR7tYb5NcJ8hGf4DsA6eU";
const appSecret = new ScureBase32Plugin().encode(new TextEncoder().encode(secret), { padding: false });
const now = new Date("2026-11-24T09:00:10Z");

describe("the authenticator code's time-step", () => {
  it("makes the codes an authenticator app shows", async () => {
    for (const offset of [-30, 0, 30, 3600]) {
      const at = new Date(now.getTime() + offset * 1000);
      expect(totpCodeForStep(secret, totpStepAt(at))).toBe(await generate({ secret: appSecret, epoch: Math.floor(at.getTime() / 1000) }));
    }
  });

  it("names the step a code belongs to, one step of drift either side, and nothing else", async () => {
    const step = totpStepAt(now);
    expect(matchingTotpStep(secret, totpCodeForStep(secret, step), now)).toBe(step);
    expect(matchingTotpStep(secret, totpCodeForStep(secret, step - 1), now)).toBe(step - 1);
    expect(matchingTotpStep(secret, totpCodeForStep(secret, step + 1), now)).toBe(step + 1);
    expect(matchingTotpStep(secret, totpCodeForStep(secret, step - 2), now)).toBeNull();
    expect(matchingTotpStep(secret, "12345", now)).toBeNull();
    expect(matchingTotpStep(secret, "abcdef", now)).toBeNull();
  });
});
