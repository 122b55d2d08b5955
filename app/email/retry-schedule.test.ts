import { describe, expect, it } from "vitest";
import { isPermanentRejection, isRecipientRejection, MAX_RETRY_DELAY_MS, retryDelayMs } from "./retry-schedule";

describe("retry schedule", () => {
  it("doubles from 5 seconds and stops growing at 5 minutes", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(50)).toBe(MAX_RETRY_DELAY_MS);
  });

  it("treats only SMTP 5xx answers as permanent", () => {
    expect(isPermanentRejection({ responseCode: 550 })).toBe(true);
    expect(isPermanentRejection({ responseCode: 451 })).toBe(false);
    expect(isPermanentRejection(new Error("ECONNREFUSED"))).toBe(false);
  });

  it("blames the recipient only for a permanent answer to RCPT TO or DATA", () => {
    expect(isRecipientRejection({ responseCode: 550, command: "RCPT TO" })).toBe(true);
    expect(isRecipientRejection({ responseCode: 554, command: "DATA" })).toBe(true);
    expect(isRecipientRejection({ responseCode: 450, command: "RCPT TO" })).toBe(false);
    expect(isRecipientRejection({ responseCode: 535, command: "AUTH PLAIN" })).toBe(false);
    expect(isRecipientRejection({ responseCode: 550, command: "MAIL FROM" })).toBe(false);
  });
});
