import { describe, expect, it } from "vitest";
import { allowedOriginsFor, judgeRequestOrigin } from "./request-origin";

const allowed = allowedOriginsFor("https://agency.example");
const post = (headers: { origin?: string; fetchSite?: string; cookie?: string }, method = "POST") =>
  judgeRequestOrigin({ method, origin: headers.origin, fetchSite: headers.fetchSite, cookie: headers.cookie }, allowed);

describe("the origin of a request that changes something", () => {
  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(post({ origin: "https://evil.example" }, method).allowed).toBe(true);
  });

  it("accepts the public address's own origin, in any case", () => {
    expect(post({ origin: "https://agency.example" }).allowed).toBe(true);
    expect(post({ origin: "HTTPS://Agency.Example" }).allowed).toBe(true);
    expect(post({ origin: "https://agency.example", fetchSite: "same-origin" }).allowed).toBe(true);
  });

  it("refuses any other origin, whatever the method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(post({ origin: "https://evil.example" }, method)).toEqual({ allowed: false, reason: "Requests from https://evil.example are not accepted." });
    }
    expect(post({ origin: "http://agency.example" }).allowed).toBe(false);
    expect(post({ origin: "https://agency.example:8443" }).allowed).toBe(false);
    expect(post({ origin: "https://sub.agency.example" }).allowed).toBe(false);
    expect(post({ origin: "null" })).toEqual({ allowed: false, reason: "Requests from an opaque origin are not accepted." });
  });

  it("without an Origin, refuses what the browser says is another site", () => {
    expect(post({ fetchSite: "cross-site" }).allowed).toBe(false);
    expect(post({ fetchSite: "same-site" }).allowed).toBe(false);
    expect(post({ fetchSite: "same-origin" }).allowed).toBe(true);
    expect(post({ fetchSite: "none" }).allowed).toBe(true);
  });

  it("lets through a request with neither header and no cookies: not a browser's (a mail client's one-click unsubscribe)", () => {
    expect(post({}).allowed).toBe(true);
  });

  it("refuses a request with the site's cookies that says neither where it comes from (issue 25)", () => {
    expect(post({ cookie: "better-auth.session_token=abc" })).toEqual({
      allowed: false,
      reason: "A request that carries cookies must say where it comes from (its Origin).",
    });
    expect(post({ cookie: "x=1", fetchSite: "same-origin" }).allowed).toBe(true);
    expect(post({ cookie: "x=1", origin: "https://agency.example" }).allowed).toBe(true);
    expect(post({ cookie: "x=1" }, "GET").allowed).toBe(true);
  });
});

describe("the allowed origins", () => {
  it("are the public address's origin only", () => {
    expect(allowedOriginsFor("https://agency.example/")).toEqual(["https://agency.example"]);
    expect(allowedOriginsFor("https://agency.example:8443/shop")).toEqual(["https://agency.example:8443"]);
  });

  it("name the machine every way when the public address is the machine itself", () => {
    expect(allowedOriginsFor("http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
  });
});
