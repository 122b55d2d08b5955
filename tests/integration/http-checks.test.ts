import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { E2E_ADMIN } from "../e2e/support/app-server";
import { serveBuiltApp } from "../support/built-app";
import { onEmbeddedDatabase } from "../support/embedded-data-dir";
import { copyMigratedDatabase } from "../support/migrated-data-dir";
import { type Scene, SCENES } from "../support/scenes";

// What the request stack answers, over HTTP as a browser or curl sends it, for every route of the
// table: the production build served in this process (decision 023, decision 036). The browser
// tests keep what only a browser shows (the CSP in force, the validator, the journeys).

let app: { url: string; stop(): Promise<void> };
let dataDir: string;
let scene: Scene<"security">;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-http-checks-"));
  copyMigratedDatabase(dataDir);
  scene = await onEmbeddedDatabase(dataDir, SCENES.security);
  app = await serveBuiltApp(dataDir);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function adminCookie(): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify(E2E_ADMIN),
  });
  return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
}

const PUBLIC_PAGES = ["/", "/how-it-works", "/packages", "/portfolio", "/about", "/contact", "/thank-you", "/start-your-project"];

describe("every public page", () => {
  it("is server-rendered with its own title, description, canonical URL and Open Graph tags", async () => {
    const titles = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const html = await (await fetch(`${app.url}${path}`)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{30,}"/);
      expect(html, path).toMatch(/<link rel="canonical" href="http:\/\/[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toContain('"@type":"ProfessionalService"');
      expect(html, path).toMatch(/<h1[^>]*>/);
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    const robots = await (await fetch(`${app.url}/robots.txt`)).text();
    for (const path of ["/admin", "/auth", "/booking"]) expect(robots).toContain(`Disallow: ${path}`);
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    for (const path of ["/how-it-works", "/packages", "/portfolio", "/about", "/contact"]) expect(sitemap).toContain(`${path}</loc>`);
  });
});

describe("unknown paths", () => {
  it("answer 404 with the not-found page", async () => {
    const response = await fetch(`${app.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/);
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>[^<]*Return to Home/);
  });
});

describe("an unknown record of the back-office", () => {
  // Each record page and the list it returns to with the spec's words (001 §8: 'Project not found', back to /admin/projects).
  const RECORD_PAGES = [
    ["/admin/projects", "Project not found"],
    ["/admin/invoices", "Invoice not found"],
    ["/admin/clients", "Client not found"],
    ["/admin/leads", "Lead not found"],
    ["/admin/campaigns", "Campaign not found"],
    ["/admin/templates", "Template not found"],
    ["/admin/cadences", "Cadence not found"],
    ["/admin/emails", "Message not found"],
  ] as const;
  const UNKNOWN = "00000000-0000-4000-8000-000000000000";
  const BROWSER_NAVIGATION = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

  it("returns a browser's navigation to its list, the message carried as the list's toast", async () => {
    const cookie = await adminCookie();
    for (const [list, message] of RECORD_PAGES) {
      // As a browser sends it, and as a client that sends no Sec-Fetch headers but asks for a page.
      for (const headers of [BROWSER_NAVIGATION, { Accept: "text/html" }]) {
        const response = await plainGet(`${app.url}${list}/${UNKNOWN}`, { Cookie: cookie, ...headers });
        expect(response.status, list).toBe(302);
        expect(response.headers.location, list).toBe(list);
        const flash = (response.headers["set-cookie"] ?? []).find((line) => line.startsWith("flash="));
        expect(flash, list).toBeTruthy();
        // The list, asked with that cookie, shows the message (its toast) and clears it.
        const shown = await plainGet(`${app.url}${list}`, { Cookie: `${cookie}; ${flash!.split(";")[0]}`, ...BROWSER_NAVIGATION });
        expect(shown.status, list).toBe(200);
        expect(shown.body, list).toContain(message);
        expect((shown.headers["set-cookie"] ?? []).some((line) => /^flash=;/.test(line)), list).toBe(true);
      }
    }
  });

  it("answers React Router's data request and any other request 404, naming the record and its list", async () => {
    const cookie = await adminCookie();
    for (const [list, message] of RECORD_PAGES) {
      // A client-side navigation's data, even sent with a navigation's headers.
      const data = await plainGet(`${app.url}${list}/${UNKNOWN}.data`, { Cookie: cookie, ...BROWSER_NAVIGATION });
      expect(data.status, list).toBe(404);
      expect(data.body, list).toContain(message);
      expect(data.body, list).toContain(list);
      // A script's fetch (Node's marks itself as one), or a program asking for anything.
      const fetched = await fetch(`${app.url}${list}/${UNKNOWN}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(fetched.status, list).toBe(404);
      expect(await fetched.text(), list).toContain(message);
      const other = await plainGet(`${app.url}${list}/${UNKNOWN}`, { Cookie: cookie, Accept: "application/json" });
      expect(other.status, list).toBe(404);
    }
  });
});

describe("an intent posted to a malformed record address", () => {
  it("is answered 400 or 404 on every record page, never 500", async () => {
    const cookie = await adminCookie();
    const lists = ["/admin/projects", "/admin/invoices", "/admin/clients", "/admin/leads", "/admin/campaigns", "/admin/templates", "/admin/cadences", "/admin/emails", "/admin/proposals"];
    for (const list of lists) {
      for (const intent of ["send", "save", "update", "delete"]) {
        const response = await fetch(`${app.url}${list}/not-a-uuid`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent }),
          redirect: "manual",
        });
        expect([400, 404], `${intent} on ${list}`).toContain(response.status);
      }
    }
  });
});

describe("a cross-site form post", () => {
  it("is refused with 403 and changes nothing, though the admin's cookie goes with it", async () => {
    // Another origin on the same site (127.0.0.1, another port): a browser sends SameSite=Lax cookies with its form post.
    const cookie = await adminCookie();
    const attackerOrigin = `http://127.0.0.1:${Number(new URL(app.url).port) === 65535 ? 65534 : Number(new URL(app.url).port) + 1}`;
    const response = await fetch(`${app.url}/admin/leads/${scene.leadId}/convert`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: attackerOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ returnTo: "/admin/clients" }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    const clients = await fetch(`${app.url}/admin/clients`, { headers: { Cookie: cookie } });
    expect(clients.status).toBe(200);
    expect(await clients.text()).not.toContain("Lena Lead");
  });
});

/**
 * A GET with exactly these headers (Node's fetch marks every request `Sec-Fetch-Mode: cors`,
 * whatever it is given), the body read as text, no redirect followed.
 */
function plainGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on("error", reject);
  });
}

/** Every URL pattern of the route table (app/routes.ts). */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [...(entry.path ? [own] : []), ...routePaths(entry.children ?? [], own)];
  });
}

/** A URL for a pattern: the scene's records where it has them, a well-formed unknown id elsewhere. */
function sampleUrl(pattern: string): string {
  return pattern
    .replace("/api/auth/*", "/api/auth/get-session")
    .replace(/^\/\*$/, "/no-such-page")
    .replace(":leadId", scene.leadId)
    .replace(":clientId", scene.clientId)
    .replace(":projectId", scene.projectId)
    .replace(":invoiceId", scene.invoiceId)
    .replace("/booking/:token?", `/booking/${scene.bookingToken}`)
    .replace("/invoice/:token", `/invoice/${scene.viewToken}`);
}

describe("the route walk", () => {
  it("gets its session cookies httpOnly and SameSite=Lax (Secure comes with an https PUBLIC_URL)", async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify(E2E_ADMIN),
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
    }
  });

  it("covers every route of the table", () => {
    expect(routePaths(routes).length).toBeGreaterThan(30);
  });

  it("answers every route with the security headers, and keeps the private ones out of caches", async () => {
    const cookie = await adminCookie();
    for (const url of [...new Set(routePaths(routes).map(sampleUrl))]) {
      const response = await fetch(`${app.url}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
      await response.arrayBuffer();
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy, url).toMatch(/script-src 'self' ('nonce-[^']+'|('sha256-[^']+' ?)+);/);
      expect(policy, url).toContain(url.endsWith("/pdf") && url.startsWith("/admin/invoices/") ? "frame-ancestors 'self'" : "frame-ancestors 'none'");
      expect(/script-src [^;]*/.exec(policy)?.[0], url).not.toMatch(/unsafe-(inline|eval)/);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      // The public invoice page adds its own stricter no-referrer, a portal sign-in link's page same-origin (the last one counts).
      expect(response.headers.get("referrer-policy"), url).toMatch(/^strict-origin-when-cross-origin(, (no-referrer|same-origin))?$/);
      if (/^\/(admin|auth|api\/auth|invoice|booking|portal|calendar)(\/|$)/.test(url)) expect(response.headers.get("cache-control"), url).toBe("private, no-store");
      expect(response.status, url).toBeLessThan(500);
    }
  }, 300_000);

  it("refuses a post from a foreign origin on every route with 403, a method the app does not serve with 405, and a broken body from our own with no 500", async () => {
    const cookie = await adminCookie();
    for (const url of [...new Set(routePaths(routes).map(sampleUrl))]) {
      const foreign = await fetch(`${app.url}${url}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=delete",
        redirect: "manual",
      });
      expect(foreign.status, `POST ${url}`).toBe(403);
      expect(await foreign.text()).toBe("Requests from https://evil.example are not accepted.");
      for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
        const unserved = await fetch(`${app.url}${url}`, { method, headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=delete", redirect: "manual" });
        expect(unserved.status, `${method} ${url}`).toBe(405);
        expect(unserved.headers.get("allow")).toBe("GET, HEAD, POST");
      }
      for (const [type, body] of [
        ["multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nbroken"],
        ["application/json", "{not json"],
        ["application/x-www-form-urlencoded", "intent=delete&id=not-a-uuid&leadId=1%27&returnTo=https%3A%2F%2Fevil.example%2F%0D%0ASet-Cookie%3Ax"],
      ] as const) {
        const broken = await fetch(`${app.url}${url}`, { method: "POST", headers: { Cookie: cookie, Origin: app.url, "Content-Type": type }, body, redirect: "manual" });
        expect(broken.status, `POST ${url} (${type})`).toBeLessThan(500);
        const location = broken.headers.get("location");
        if (location) expect(new URL(location, app.url).origin, `POST ${url} redirects to`).toBe(new URL(app.url).origin);
      }
    }
    // The lead was not converted by any of it.
    const clients = await fetch(`${app.url}/admin/clients`, { headers: { Cookie: cookie } });
    expect(await clients.text()).not.toContain("Lena Lead");
  }, 300_000);
});
