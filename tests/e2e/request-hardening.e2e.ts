import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { type AppServer, E2E_ADMIN, seedDataDir, startAppServer } from "./support/app-server";
import { adminContext, hydrated, launchBrowser } from "./support/browser";

// The Content-Security-Policy breaks no page (decision 023): every public and admin page loads,
// starts the app and works with no `securitypolicyviolation`; and a cross-site form post is refused.

type Scene = { leadId: string; clientId: string; projectId: string; invoiceId: string; bookingToken: string; viewToken: string };

let app: AppServer;
let browser: Browser;
let dataDir: string;
let scene: Scene;
let admin: BrowserContext;

beforeAll(async () => {
  const seeded = seedDataDir("tests/e2e/support/seed-security-scene.ts");
  dataDir = seeded.dataDir;
  scene = JSON.parse(seeded.lastLine) as Scene;
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir }), launchBrowser()]);
  admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 } });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A page that records every CSP violation (the event, and the console's "Refused to …" line). */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  const page = await context.newPage();
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

const PUBLIC_PAGES = ["/", "/how-it-works", "/packages", "/portfolio", "/about", "/contact", "/thank-you", "/no-such-page", "/auth"];
/** The public pages kept for every visitor (app/site/kept-public-pages.server.ts). */
const KEPT_PAGES = new Set(["/", "/how-it-works", "/packages", "/portfolio", "/about", "/thank-you"]);

describe("the Content-Security-Policy", () => {
  it("lets every public page load and start its app, with a nonce per answer, or script hashes on a page kept for every visitor", async () => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 } });
    const { page, violations } = await watchedPage(context);
    const nonces = new Set<string>();
    for (const url of [...PUBLIC_PAGES, `/invoice/${scene.viewToken}`]) {
      const response = await page.goto(url);
      const policy = response?.headers()["content-security-policy"] ?? "";
      if (KEPT_PAGES.has(url)) {
        // One document for many visitors (decision 037): its inline scripts are named by their hashes.
        expect(policy, url).toMatch(/script-src 'self' ('sha256-[A-Za-z0-9+/=]+' ?)+;/);
      } else {
        expect(policy, url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
        nonces.add(/'nonce-([^']+)'/.exec(policy)?.[1] ?? "");
      }
      await hydrated(page);
      expect(violations, url).toEqual([]);
    }
    expect(nonces.size).toBe(PUBLIC_PAGES.length + 1 - KEPT_PAGES.size);
    // A form sent with the app, answered by a toast (Sonner inserts its own <style>).
    await page.goto("/contact");
    await hydrated(page);
    await page.getByLabel("Name").fill("Cora Contact");
    await page.getByLabel("Email").fill("cora@example.com");
    await page.getByLabel("Message").fill("Could you build a site for my bakery?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("We'll get back to you within 24-48 business hours. Check your email!").first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  }, 300_000);

  it("lets a phone start the app at its first touch, from the parked scripts", async () => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const { page, violations } = await watchedPage(context);
    await page.goto("/");
    await page.waitForTimeout(500);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await page.keyboard.press("Tab");
    await hydrated(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("lets the kept booking page run, named by hashes, on its first view and when answered from memory", async () => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 } });
    const { page, violations } = await watchedPage(context);
    for (let view = 0; view < 3; view += 1) {
      const response = await page.goto(`/booking/${scene.bookingToken}`);
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      await hydrated(page);
      expect(violations, `view ${view + 1}`).toEqual([]);
    }
    await context.close();
  });

  it("lets every admin page load and work, the e-mail preview frame included", async () => {
    const { page, violations } = await watchedPage(admin);
    const pages = [
      "/admin",
      "/admin/leads",
      `/admin/leads/${scene.leadId}`,
      "/admin/leads/import",
      "/admin/clients",
      `/admin/clients/${scene.clientId}`,
      "/admin/projects",
      "/admin/projects/new",
      `/admin/projects/${scene.projectId}`,
      "/admin/add-ons",
      "/admin/availability",
      "/admin/consultations",
      "/admin/bookings",
      "/admin/invoices",
      "/admin/invoices/new",
      `/admin/invoices/${scene.invoiceId}`,
    ];
    for (const url of pages) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      expect(response?.headers()["cache-control"], url).toBe("private, no-store");
      await hydrated(page);
      expect(violations, url).toEqual([]);
    }
    // The invoice e-mail's preview is a sandboxed srcdoc frame: it inherits the policy and shows.
    await page.getByRole("button", { name: "Resend" }).click();
    const preview = page.frameLocator('iframe[title="E-mail preview"]');
    await expect.poll(async () => (await preview.locator("body").textContent())?.length ?? 0).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    expect(violations).toEqual([]);
    await page.close();
  }, 300_000);
});

/** The Nu Html Checker's jar, from the `vnu-jar` package (VNU_JAR names another copy of it). */
function vnuJar(): string {
  return process.env.VNU_JAR || String(createRequire(import.meta.url)("vnu-jar"));
}

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string };

describe("the public pages' HTML", () => {
  it("passes the W3C Nu validator on every public page", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "agency-vnu-"));
    try {
      const pages = [...PUBLIC_PAGES, `/booking/${scene.bookingToken}`, `/invoice/${scene.viewToken}`];
      const files = await Promise.all(
        pages.map(async (url, index) => {
          const response = await fetch(`${app.url}${url}`);
          expect(response.status, url).toBe(url === "/no-such-page" ? 404 : 200);
          const file = path.join(directory, `page-${index}.html`);
          fs.writeFileSync(file, await response.text());
          return file;
        }),
      );
      // A page with what the site wrote before (a script type that is no MIME type): the checker must catch it.
      const wrong = path.join(directory, "wrong.html");
      fs.writeFileSync(wrong, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><script type="x-module-after-paint">1</script></body></html>');
      const output = await new Promise<string>((resolve, reject) =>
        execFile("java", ["-jar", vnuJar(), "--format", "json", "--stdout", wrong, ...files], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
          // vnu exits 1 when it found errors; its report is on stdout either way.
          stdout ? resolve(stdout) : reject(error ?? new Error("vnu wrote nothing")),
        ),
      );
      const errors = (JSON.parse(output) as { messages: VnuMessage[] }).messages
        .filter((message) => message.type === "error" || message.subType === "fatal")
        .map((message) => ({ file: new URL(message.url).pathname, text: `${message.lastLine ?? "?"}: ${message.message}` }));
      expect(errors.filter((error) => error.file === wrong).map((error) => error.text).join("\n")).toMatch(/Bad value .x-module-after-paint. for attribute .type./);
      expect(errors.filter((error) => error.file !== wrong).map((error) => `${pages[files.indexOf(error.file)]} ${error.text}`)).toEqual([]);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("a cross-site form post", () => {
  it("is refused with 403 and changes nothing, though the admin's cookie goes with it", async () => {
    // Another origin on the same site (127.0.0.1, another port): SameSite=Lax cookies still go.
    const attacker = http.createServer((_request, response) => {
      response.setHeader("Content-Type", "text/html");
      response.end(
        `<!doctype html><title>Win a prize</title><form method="post" action="${app.url}/admin/leads/${scene.leadId}/convert">` +
          `<input name="returnTo" value="/admin/clients"><button>Claim</button></form>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    try {
      const page = await admin.newPage();
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const [response] = await Promise.all([page.waitForResponse(`${app.url}/admin/leads/${scene.leadId}/convert`), page.getByRole("button", { name: "Claim" }).click()]);
      expect(response.status()).toBe(403);
      await page.goto(`${app.url}/admin/clients`);
      await hydrated(page);
      await expect.poll(() => page.locator("main").textContent()).not.toContain("Lena Lead");
      await page.close();
    } finally {
      attacker.close();
    }
  });
});

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
  const adminCookie = async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify(E2E_ADMIN),
    });
    return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  };

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
      expect(policy, url).toContain(url.endsWith("/pdf") && url.startsWith("/admin/") ? "frame-ancestors 'self'" : "frame-ancestors 'none'");
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
