import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openServerDatabase } from "~/db/server-database.server";
import { OUTAGE_FORM_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "~/http/database-outage";
import { isPrivatePath } from "~/http/security-headers.server";
import { PUBLIC_POSTS_PER_HOUR } from "~/request-safety/public-post-limit.server";
import { ROUTE_TABLE } from "../support/route-table";
import { mountRequestStack } from "../../server/request-stack";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

// The one request stack (server/request-stack.ts) over real HTTP, with a page behind it that reads
// the whole body and says what reached it: what the stack refuses never reaches a page.

let base: string;
let listener: http.Server;
let reached: { method: string; path: string; bytes: number }[] = [];

// A database nobody answers for (nothing listens on port 1), as while PostgreSQL restarts.
const unreachable = openServerDatabase("postgres://postgres@127.0.0.1:1/nothing", 1);
afterAll(() => unreachable.close());

beforeAll(async () => {
  const server = express();
  const page: express.RequestHandler = (request, response, next) => {
    // A page whose handler passes on what failed: the database away, or a bug.
    if (request.path === "/needs-the-database") return void unreachable.db.execute(sql`select 1`).then(() => response.send("?"), next);
    if (request.path === "/has-a-bug") return next(new TypeError("a bug"));
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => {
      reached.push({ method: request.method, path: request.path, bytes });
      // A route that asks for caching: a private page must not get it.
      response.setHeader("Cache-Control", "public, max-age=600");
      response.type("text/plain").send(`read ${bytes}`);
    });
  };
  mountRequestStack(server, { files: (_request, _response, next) => next(), pages: page });
  listener = http.createServer(server);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

beforeEach(() => {
  reached = [];
});

const OWN = "http://localhost:3000";

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const length = init.body === undefined || init.headers?.["Transfer-Encoding"] ? {} : { "Content-Length": String(Buffer.byteLength(init.body)) };
    const request = http.request(`${base}${path}`, { method: init.method ?? "GET", headers: { ...length, ...init.headers } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    // A refused upload is answered before it is read; the socket may close under the rest.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

/** A GET of `path` exactly as written: no client-side normalisation of its case, escapes or dot segments. */
function sendRaw(path: string) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request({ hostname, port, path }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

const form = (size: number) => `message=${"a".repeat(Math.max(0, size - 8))}`;
const formHeaders = (origin?: string) => ({ "Content-Type": "application/x-www-form-urlencoded", ...(origin ? { Origin: origin } : {}) });

describe("the headers of every answer", () => {
  it("carry the security headers, and a new CSP nonce each time", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/contact", "/admin/leads", "/booking/x", "/robots.txt"]) {
      const { headers } = await send(path);
      expect(headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[^']+';.*frame-ancestors 'none'$/);
      nonces.add(/'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1] ?? "");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"]).toBe("DENY");
      // PUBLIC_URL is http here: no HSTS.
      expect(headers["strict-transport-security"]).toBeUndefined();
    }
    expect(nonces.size).toBe(5);
  });

  it("keep a private page private whatever the spelling of its path the router serves it under", async () => {
    for (const path of ["/ADMIN/clients", "/Admin/Emails", "/ADMIN/leads.data", "/%61dmin/clients", "/x/../admin/clients", "/admin/%2e/leads", "/PORTAL/book", "/Portal.data", "/CALENDAR/x.ics", "/API/AUTH/get-session"]) {
      expect((await sendRaw(path)).headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("judge every route of the table alike under every spelling the router serves it under", () => {
    for (const { path } of ROUTE_TABLE) {
      const concrete = path.replace(/:[^/]+/g, "x").replace(/\*$/, "x");
      const spellings = [concrete.toUpperCase(), concrete.replace(/\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`), `/x/..${concrete}`];
      for (const spelling of spellings) expect(isPrivatePath(spelling), `${path} as ${spelling}`).toBe(isPrivatePath(concrete));
    }
  });

  it("keep admin, sign-in and personal answers out of every cache, whatever the route asked", async () => {
    for (const path of ["/admin", "/admin/leads", "/admin/leads.data", "/admin/leads/export", "/auth", "/api/auth/get-session", "/invoice/abc/pdf"]) {
      expect((await send(path)).headers["cache-control"], path).toBe("private, no-store");
    }
    expect((await send("/packages")).headers["cache-control"]).toBe("public, max-age=600");
  });
});

describe("a request that failed because the database was away", () => {
  it("is answered 503 with Retry-After, never kept, saying nothing of the database", async () => {
    const answer = await send("/needs-the-database");
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-security-policy"]).toBeDefined();
    expect(answer.text).toBe("The site is briefly unavailable. Please try again in a moment.");
  });

  it("answers a script that asked for JSON with a form's refusal, so that its form stays as typed", async () => {
    const answer = await send("/needs-the-database", { headers: { Accept: "application/json" } });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({ ok: false, fieldErrors: {}, values: {}, formError: OUTAGE_FORM_MESSAGE });
  });

  it("leaves any other failure to Express's own 500, which shows no stack in production", async () => {
    const answer = await send("/has-a-bug");
    expect(answer.status).toBe(500);
    expect(answer.headers["retry-after"]).toBeUndefined();
  });
});

describe("the origin of a request that changes something", () => {
  it("refuses a foreign Origin with 403 before any page or action sees it", async () => {
    for (const path of ["/admin/leads/00000000-0000-4000-8000-000000000000/convert", "/admin/booking-invitations", "/contact", "/api/auth/sign-in/email"]) {
      for (const method of ["POST"]) {
        const answer = await send(path, { method, headers: formHeaders("https://evil.example"), body: form(100) });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.text).toBe("Requests from https://evil.example are not accepted.");
      }
    }
    const crossSite = await send("/admin/booking-invitations", { method: "POST", headers: { ...formHeaders(), "Sec-Fetch-Site": "cross-site" }, body: form(100) });
    expect(crossSite.status).toBe(403);
    expect(reached).toEqual([]);
  });

  it("lets the site's own posts through, and a post with neither Origin nor Sec-Fetch-Site (a mail client's one-click unsubscribe)", async () => {
    expect((await send("/contact", { method: "POST", headers: formHeaders(OWN), body: form(100) })).status).toBe(200);
    expect((await send("/unsubscribe/some-token", { method: "POST", headers: formHeaders(), body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    expect(reached.map((request) => request.path)).toEqual(["/contact", "/unsubscribe/some-token"]);
  });
});

describe("a method the app does not serve", () => {
  it("is answered 405 with the methods it does serve, before its origin, its body or any page is looked at", async () => {
    for (const method of ["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      for (const path of ["/", "/admin/leads", "/api/auth/sign-in/email", "/portal"]) {
        const answer = await send(path, { method, headers: formHeaders("https://evil.example"), body: form(100) });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
      }
    }
    expect(reached).toEqual([]);
    expect((await send("/", { method: "HEAD" })).status).toBe(200);
  });
});

describe("Stripe's webhook (decision 047)", () => {
  const event = JSON.stringify({ id: "evt_1", object: "event" });
  const stripeHeaders = (extra: Record<string, string> = {}) => ({ "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00", ...extra });

  it("gets Stripe's post through (neither Origin nor cookies) with no exemption from the origin check: a browser's post from elsewhere is refused", async () => {
    expect((await send("/webhooks/stripe", { method: "POST", headers: stripeHeaders(), body: event })).status).toBe(200);
    expect((await send("/webhooks/stripe", { method: "POST", headers: stripeHeaders({ Origin: "https://evil.example" }), body: event })).status).toBe(403);
    expect((await send("/webhooks/stripe", { method: "POST", headers: stripeHeaders({ Cookie: "better-auth.session_token=x" }), body: event })).status).toBe(403);
    expect((await send("/webhooks/stripe", { method: "POST", headers: stripeHeaders({ "Sec-Fetch-Site": "cross-site" }), body: event })).status).toBe(403);
    for (const path of ["/webhooks/stripe-other", "/webhooks", "/contact-message", "/invoice/x"]) {
      expect((await send(path, { method: "POST", headers: stripeHeaders({ Origin: "https://evil.example" }), body: event })).status, path).toBe(403);
    }
    expect(reached.map((request) => request.path)).toEqual(["/webhooks/stripe"]);
  });

  it("takes an event of up to 256 KB, its path only", async () => {
    expect((await send("/webhooks/stripe", { method: "POST", headers: stripeHeaders(), body: "x".repeat(200 * 1024) })).status).toBe(200);
    expect((await send("/webhooks/stripe", { method: "POST", headers: stripeHeaders(), body: "x".repeat(300 * 1024) })).status).toBe(413);
    expect((await send("/webhooks/stripe-other", { method: "POST", headers: stripeHeaders(), body: "x".repeat(100 * 1024) })).status).toBe(413);
  });
});

describe("the size of a request body", () => {
  it("refuses a public form over 64 KB with 413, unread", async () => {
    const began = Date.now();
    const answer = await send("/contact", { method: "POST", headers: formHeaders(OWN), body: form(3 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.text).toBe("The request is too large (over 64 KB).");
    expect(Date.now() - began).toBeLessThan(3000);
    expect((await send("/contact", { method: "POST", headers: formHeaders(OWN), body: form(60 * 1024) })).status).toBe(200);
    expect(reached.map((request) => request.bytes)).toEqual([60 * 1024]);
  });

  it("gives the back-office 1 MB, and its two uploads 20 MB", async () => {
    expect((await send("/admin/leads", { method: "POST", headers: formHeaders(OWN), body: form(500 * 1024) })).status).toBe(200);
    expect((await send("/admin/leads", { method: "POST", headers: formHeaders(OWN), body: form(2 * 1024 * 1024) })).status).toBe(413);
    expect((await send("/admin/leads/import", { method: "POST", headers: formHeaders(OWN), body: form(5 * 1024 * 1024) })).status).toBe(200);
    expect((await send("/admin/settings/data", { method: "POST", headers: formHeaders(OWN), body: form(5 * 1024 * 1024) })).status).toBe(200);
  }, 120_000);

  it("refuses a body whose length is not said in advance, or not a number", async () => {
    const chunked = await send("/contact", { method: "POST", headers: { ...formHeaders(OWN), "Transfer-Encoding": "chunked" }, body: form(10) });
    expect(chunked.status).toBe(411);
    expect(reached).toEqual([]);
  });
});

describe("the public posts of one address", () => {
  it("are counted, the refused ones too, and beyond the limit answered 429 with Retry-After", async () => {
    for (let post = 0; post < PUBLIC_POSTS_PER_HOUR; post += 1) {
      // Every other one too large: refused, but counted.
      const answer = await send("/contact", { method: "POST", headers: formHeaders(OWN), body: form(post % 2 ? 100 : 70 * 1024) });
      expect(answer.status).toBe(post % 2 ? 200 : 413);
    }
    const refused = await send("/contact", { method: "POST", headers: formHeaders(OWN), body: form(100) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(refused.text).toMatch(/^Too many requests\. Please try again in an hour\.$/);
    // The back-office is not counted as public posts, nor is Stripe's webhook (its events come
    // from Stripe's few addresses); a path beside it is.
    expect((await send("/admin/leads", { method: "POST", headers: formHeaders(OWN), body: form(100) })).status).toBe(200);
    expect((await send("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(200);
    expect((await send("/webhooks/stripe-other", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(429);
  }, 120_000);
});
