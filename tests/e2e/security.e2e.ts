import { generate } from "otplib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, startAppServer, type AppServer } from "./support/app-server";
import { adminContext, launchBrowser } from "./support/browser";

let app: AppServer;
let browser: Browser;
let owner: BrowserContext;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  owner = await adminContext(browser, app.url);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const SECURITY = "/admin/settings/security";
const tess = { name: "Tess Admin", email: "tess@sistersite.test", password: "" };
let tessSecret = "";
let tessRecoveryCodes: string[] = [];

/** Creates an admin account on the Security tab and answers its temporary password. */
async function createAdmin(page: Page, name: string, email: string): Promise<string> {
  await page.goto(SECURITY);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Create admin account" }).click();
  const shown = page.getByRole("status").filter({ hasText: "temporary password" });
  await shown.waitFor();
  const password = await shown.locator("code").textContent();
  if (!password) throw new Error("No temporary password was shown");
  return password;
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.waitForURL(`${app.url}/`);
}

describe("two-factor sign-in", { timeout: 240_000 }, () => {
  it("an admin enrols with the QR code's secret, confirms with a code and is shown ten recovery codes once", async () => {
    const page = await owner.newPage();
    tess.password = await createAdmin(page, tess.name, tess.email);
    await page.close();

    const context = await browser.newContext({ baseURL: app.url });
    const tessPage = await context.newPage();
    await signInWithForm(tessPage, tess.email, tess.password);
    await tessPage.waitForURL("**/admin");
    await tessPage.goto(SECURITY);
    await tessPage.getByLabel("Current password").first().fill(tess.password);
    await tessPage.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await tessPage.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg").waitFor();
    tessSecret = (await tessPage.getByTestId("totp-secret").textContent()) ?? "";
    expect(tessSecret).toMatch(/^[A-Z2-7]{32,}=*$/);

    await tessPage.getByLabel("Code from the app").fill("000000");
    await tessPage.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await tessPage.getByText("That code is not right").first().waitFor();

    await tessPage.getByLabel("Code from the app").fill(await generate({ secret: tessSecret }));
    await tessPage.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = tessPage.getByRole("region", { name: "Recovery codes" });
    await codes.waitFor();
    tessRecoveryCodes = (await codes.getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(tessRecoveryCodes).toHaveLength(10);
    await tessPage.getByText("Two-factor sign-in is on").first().waitFor();

    await tessPage.reload();
    await expect(tessPage.getByRole("region", { name: "Recovery codes" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("signing in then asks for the code: a wrong one is refused, the right one and a recovery code let the admin in", async () => {
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await signInWithForm(page, tess.email, tess.password);
    await page.getByRole("heading", { name: "Two-Factor Verification" }).waitFor();
    await page.getByLabel("Authentication code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not right. Enter the current 6-digit code from your authenticator app.").waitFor();
    expect(page.url()).toContain("/auth");

    await page.getByLabel("Authentication code").fill(await generate({ secret: tessSecret }));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    await signOut(page);

    await signInWithForm(page, tess.email, tess.password);
    await page.getByText("Use a recovery code instead").click();
    await page.getByLabel("Recovery code").fill(tessRecoveryCodes[0]!);
    await page.getByRole("button", { name: "Use recovery code" }).click();
    await page.waitForURL("**/admin");
    await signOut(page);

    // A recovery code works once.
    await signInWithForm(page, tess.email, tess.password);
    await page.getByText("Use a recovery code instead").click();
    await page.getByLabel("Recovery code").fill(tessRecoveryCodes[0]!);
    await page.getByRole("button", { name: "Use recovery code" }).click();
    await page.getByText("That recovery code is not right or has already been used.").waitFor();
    await context.close();
  });
});

describe("require two-factor", { timeout: 240_000 }, () => {
  it("sends an admin without two-factor to enrol before any other admin page", async () => {
    const page = await owner.newPage();
    const samPassword = await createAdmin(page, "Sam Admin", "sam@sistersite.test");
    await page.goto(SECURITY);
    await page.getByLabel("Require two-factor sign-in").check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully").waitFor();

    const context = await browser.newContext({ baseURL: app.url });
    const sam = await context.newPage();
    await signInWithForm(sam, "sam@sistersite.test", samPassword);
    await sam.waitForURL(`**${SECURITY}`);
    await sam.getByText("Two-factor sign-in is required for every admin.").first().waitFor();
    await sam.goto("/admin/leads");
    expect(new URL(sam.url()).pathname).toBe(SECURITY);
    await context.close();

    await page.goto(SECURITY);
    await page.getByLabel("Require two-factor sign-in").uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully").waitFor();
    await page.goto("/admin/leads");
    expect(new URL(page.url()).pathname).toBe("/admin/leads");
    await page.close();
  });
});

describe("sign-in throttling", { timeout: 240_000 }, () => {
  it("after five wrong passwords the form and the API both make the next attempt wait, without saying whether the account exists", async () => {
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInWithForm(page, "sam@sistersite.test", `wrong password ${attempt}`);
      await page.getByText("Invalid email or password").waitFor();
    }
    await signInWithForm(page, "sam@sistersite.test", "wrong password again");
    await page.getByText("Too many sign-in attempts. Try again in 15 minutes.").waitFor();

    const api = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: "sam@sistersite.test", password: "anything" }),
    });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(((await api.json()) as { message: string }).message).toBe("Too many sign-in attempts. Try again in 15 minutes.");

    for (let attempt = 0; attempt < 6; attempt += 1) {
      await fetch(`${app.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: app.url },
        body: JSON.stringify({ email: "nobody@sistersite.test", password: "guess" }),
      });
    }
    await signInWithForm(page, "nobody@sistersite.test", "guess");
    await page.getByText("Too many sign-in attempts. Try again in 15 minutes.").waitFor();
    await context.close();
  });
});

describe("the session timeout", () => {
  it("signs out an admin idle longer than the timeout", async () => {
    const page = await owner.newPage();
    await page.goto(SECURITY);
    await page.getByLabel("Session timeout (minutes)").fill("1");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully").waitFor();

    const idle = await adminContext(browser, app.url, {}, E2E_ADMIN);
    const idlePage = await idle.newPage();
    await idlePage.goto("/admin/leads");
    expect(new URL(idlePage.url()).pathname).toBe("/admin/leads");
    await new Promise((resolve) => setTimeout(resolve, 62_000));
    await idlePage.goto("/admin/leads");
    await idlePage.waitForURL("**/auth?**");
    expect(new URL(idlePage.url()).searchParams.get("signedOut")).toBe("idle");
    await idlePage.getByText("You were signed out after a period of inactivity. Please sign in again.").waitFor();
    await idle.close();
  }, 240_000);
});
