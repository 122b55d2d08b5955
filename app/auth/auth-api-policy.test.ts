import { describe, expect, it } from "vitest";
import { isJsonContentType, isOpenAuthEndpoint, withoutTokens } from "./auth-api-policy";

describe("better-auth's HTTP endpoints", () => {
  it("keep open sign-in, the session and sign-out only, by method and exact path", () => {
    expect(isOpenAuthEndpoint("POST", "/api/auth/sign-in/email")).toBe(true);
    expect(isOpenAuthEndpoint("post", "/api/auth/sign-out")).toBe(true);
    expect(isOpenAuthEndpoint("GET", "/api/auth/get-session")).toBe(true);
    for (const [method, path] of [
      ["GET", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/get-session"],
      ["POST", "/api/auth/sign-in/email/"],
      ["POST", "/api/auth/sign-up/email"],
      ["POST", "/api/auth/two-factor/disable"],
      ["POST", "/api/auth/two-factor/verify-totp"],
      ["GET", "/api/auth/list-sessions"],
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/sign-in/email2"],
      ["POST", "/api/authx/sign-in/email"],
    ] as const) {
      expect(isOpenAuthEndpoint(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it("read JSON only", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("answer without session tokens, however deep", () => {
    expect(withoutTokens({ redirect: false, token: "abc", user: { id: "u1", email: "a@b.co" } })).toEqual({ redirect: false, user: { id: "u1", email: "a@b.co" } });
    expect(withoutTokens({ session: { token: "abc", expiresAt: "2026-12-01" }, user: { id: "u1" } })).toEqual({ session: { expiresAt: "2026-12-01" }, user: { id: "u1" } });
    expect(withoutTokens([{ token: "x", id: 1 }])).toEqual([{ id: 1 }]);
    expect(withoutTokens(null)).toBeNull();
  });
});
