import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";

const key = "k".repeat(43);
const subject = { email: "ana@example.com", outboxId: "0b8f2c52-6f0e-4c1e-9a55-1f7a1f3b9d2e" };

describe("unsubscribe tokens", () => {
  it("carry the address and the message they came in, and fit in a URL path", () => {
    const token = signUnsubscribeToken(key, subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(key, token)).toEqual(subject);
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, { email: "bo@example.com", outboxId: null }))).toEqual({ email: "bo@example.com", outboxId: null });
  });

  it("refuse a token signed with another installation's secret", () => {
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken("another-secret-of-enough-length-0123456789", subject))).toBeNull();
  });

  it("refuse any changed character, another address with the old signature, and cut or padded tokens", () => {
    const token = signUnsubscribeToken(key, subject);
    const [payload = "", signature = ""] = token.split(".");
    for (let index = 0; index < token.length; index += 1) {
      const character = token[index] === "A" ? "B" : "A";
      const altered = `${token.slice(0, index)}${character}${token.slice(index + 1)}`;
      if (altered !== token) expect(verifyUnsubscribeToken(key, altered)).toBeNull();
    }
    const forgedPayload = Buffer.from(JSON.stringify(["victim@example.com", subject.outboxId])).toString("base64url");
    expect(verifyUnsubscribeToken(key, `${forgedPayload}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, payload)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}A`)).toBeNull();
    expect(verifyUnsubscribeToken(key, "")).toBeNull();
    expect(verifyUnsubscribeToken(key, "not a token at all")).toBeNull();
  });

  it("refuse a correctly signed payload that is not an address", () => {
    const payload = Buffer.from(JSON.stringify(["no-at-sign", null])).toString("base64url");
    const signed = signUnsubscribeToken(key, { email: "x@example.com", outboxId: null });
    expect(verifyUnsubscribeToken(key, `${payload}.${signed.split(".")[1]}`)).toBeNull();
  });
});
