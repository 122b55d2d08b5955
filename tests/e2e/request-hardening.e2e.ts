import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, hydrated, launchBrowser } from "./support/browser";

// The Content-Security-Policy breaks no page (decision 023): every public and admin page loads,
// starts the app and works with no `securitypolicyviolation`. (What the stack answers over HTTP,
// route by route, is in tests/integration/http-checks.test.ts.)

let app: AppServer;
let browser: Browser;
let dataDir: string;
let scene: Scene<"security">;
let admin: BrowserContext;

beforeAll(async () => {
  ({ dataDir, scene } = sceneDataDir("security"));
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
