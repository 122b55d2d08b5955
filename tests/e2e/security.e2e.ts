import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { freshCode, lastUsedCode } from "../support/totp";
import { E2E_ADMIN, startAppServer, type AppServer } from "./support/app-server";
import { ageSessions } from "./support/time-passes";
import { adminContext, launchBrowser } from "./support/browser";

let app: AppServer;
let browser: Browser;
let owner: BrowserContext;
let mail: TestMailServer;

beforeAll(async () => {
  mail = await startMailServer();
  // The attacks below come from other network addresses (X-Forwarded-For from this machine, believed as from a proxy).
  [app, browser] = await Promise.all([startAppServer({ SMTP_URL: mail.url, TRUST_PROXY: "loopback" }), launchBrowser()]);
  owner = await adminContext(browser, app.url);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

const SECURITY = "/admin/settings/security";
const tess = { name: "Tess Admin", email: "tess@sistersite.test", password: "tess-chosen-password" };
/** Tess's own browser: where she accepted her invitation and signs in every day. */
let tessBrowser: BrowserContext;
let tessSecret = "";
let tessRecoveryCodes: string[] = [];

/** On the Security tab: the owner confirms it's them, unless this session did within the last 5 minutes. */
async function confirmItsMe(page: Page) {
  const confirm = page.getByRole("button", { name: "Confirm it's you" });
  if ((await confirm.count()) === 0) return;
  await page.getByLabel("Your password").fill(E2E_ADMIN.password);
  await confirm.click();
  await page.getByText(/^Confirmed: these changes work without asking again until/).waitFor();
}

/**
 * Invites an admin on the Security tab (confirming it's the owner first) and accepts the
 * invitation from the e-mailed link in a browser of their own (as the invited person does),
 * choosing `password`. Answers that browser.
 */
async function inviteAdmin(page: Page, name: string, email: string, password: string): Promise<BrowserContext> {
  await page.goto(SECURITY);
  await confirmItsMe(page);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Invite admin" }).click();
  await page.getByText("Invitation sent").first().waitFor();
  await page.getByRole("list", { name: "Invitations not yet accepted" }).getByText(email).waitFor();
  const invitation = await mail.waitFor((message) => message.envelopeTo.includes(email));
  const link = /https?:\/\/\S+\/auth\/invitation\/[\w-]+/.exec(invitation.text ?? "")?.[0];
  if (!link) throw new Error("No invitation link in the e-mail");
  const context = await browser.newContext({ baseURL: app.url });
  const invited = await context.newPage();
  await invited.goto(new URL(link).pathname);
  await invited.getByText(`Choose a password for ${email}`).waitFor();
  await invited.getByLabel(/^New password/).fill(password);
  await invited.getByLabel("Confirm new password").fill(password);
  await invited.getByRole("button", { name: "Accept invitation" }).click();
  await invited.waitForURL("**/auth");
  await invited.getByText("Invitation accepted").first().waitFor();
  await invited.close();
  return context;
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

describe("changing the admins", { timeout: 240_000 }, () => {
  it("asks the admin to confirm it's them before inviting, and tells every admin", async () => {
    // A session that has never confirmed: as one taken from the owner's browser would be.
    const context = await adminContext(browser, app.url);
    const page = await context.newPage();
    await page.goto(SECURITY);
    await page.getByText("Inviting or removing an admin, no longer requiring two-factor sign-in or a longer session timeout asks for your password again").waitFor();
    expect(await page.getByRole("button", { name: "Invite admin" }).isDisabled()).toBe(true);
    await page.getByText("Confirm it's you above first: this asks for your password again.").first().waitFor();

    await page.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Confirm it's you" }).click();
    await page.getByText("The password is not right").first().waitFor();
    await page.getByLabel("Your password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Confirm it's you" }).click();
    await page.getByText(/^Confirmed: these changes work without asking again until/).waitFor();

    await page.getByLabel("Full Name").fill("Uma Invited");
    await page.getByLabel("Email", { exact: true }).fill("uma@sistersite.test");
    await page.getByRole("button", { name: "Invite admin" }).click();
    await page.getByText("Invitation sent").first().waitFor();
    const told = await mail.waitFor((message) => message.envelopeTo.includes(E2E_ADMIN.email) && (message.subject ?? "").includes("invited uma@sistersite.test"));
    expect(told.subject).toContain("Admin invited uma@sistersite.test to be an admin");
    await context.close();
  });
});

describe("two-factor sign-in", { timeout: 240_000 }, () => {
  it("an admin enrols with the QR code's secret, confirms with a code and is shown ten recovery codes once", async () => {
    const page = await owner.newPage();
    tessBrowser = await inviteAdmin(page, tess.name, tess.email, tess.password);
    await page.close();

    const tessPage = await tessBrowser.newPage();
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

    await tessPage.getByLabel("Code from the app").fill(await freshCode(tessSecret));
    await tessPage.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = tessPage.getByRole("region", { name: "Recovery codes" });
    await codes.waitFor();
    tessRecoveryCodes = (await codes.getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(tessRecoveryCodes).toHaveLength(10);
    await tessPage.getByText("Two-factor sign-in is on").first().waitFor();

    await tessPage.reload();
    await expect(tessPage.getByRole("region", { name: "Recovery codes" }).count()).resolves.toBe(0);
    await signOut(tessPage);
    await tessPage.close();
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

    await page.getByLabel("Authentication code").fill(await freshCode(tessSecret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    await signOut(page);

    // A code is good once: the one just used is refused the next time.
    await signInWithForm(page, tess.email, tess.password);
    await page.getByLabel("Authentication code").fill(await lastUsedCode(tessSecret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code was already used. Wait for the next code from your authenticator app.").waitFor();
    await context.clearCookies();

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
    const samPassword = "sam-chosen-password";
    await (await inviteAdmin(page, "Sam Admin", "sam@sistersite.test", samPassword)).close();
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

/** A sign-in through better-auth's API, from another network address, as a script would send it. */
function apiSignIn(email: string, password: string, from: string) {
  return fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, "X-Forwarded-For": from },
    body: JSON.stringify({ email, password }),
  });
}

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

    const api = await apiSignIn("sam@sistersite.test", "anything", "203.0.113.70");
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(((await api.json()) as { message: string }).message).toBe("Too many sign-in attempts. Try again in 15 minutes.");

    for (let attempt = 0; attempt < 6; attempt += 1) await apiSignIn("nobody@sistersite.test", "guess", "203.0.113.71");
    await signInWithForm(page, "nobody@sistersite.test", "guess");
    await page.getByText("Too many sign-in attempts. Try again in 15 minutes.").waitFor();
    await context.close();
  });
});

describe("an attack on an admin's address", { timeout: 240_000 }, () => {
  it("leaves the admin's usual browser able to sign in, pauses the others, and e-mails the admin", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await apiSignIn(tess.email, `guess ${attempt}`, "203.0.113.77")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    const stranger = await browser.newContext({ baseURL: app.url });
    const strangerPage = await stranger.newPage();
    await signInWithForm(strangerPage, tess.email, tess.password);
    await strangerPage.getByText("Too many sign-in attempts. Try again in 15 minutes.").waitFor();
    await stranger.close();

    const page = await tessBrowser.newPage();
    await signInWithForm(page, tess.email, tess.password);
    await page.getByLabel("Authentication code").fill(await freshCode(tessSecret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    await page.close();

    const warning = await mail.waitFor((message) => message.envelopeTo.includes(tess.email) && /paused/.test(message.subject ?? ""));
    expect(warning.text).toContain("sign in from a browser you have signed in with before");
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
    // A second session, used only through better-auth's API: the timeout holds there too.
    const idleApi = await adminContext(browser, app.url, {}, E2E_ADMIN);
    expect((await (await idleApi.request.get("/api/auth/get-session")).json()) as unknown).toMatchObject({ user: { email: E2E_ADMIN.email } });
    // A minute and more without a request: the app is stopped while its sessions' last activity is moved two minutes back.
    await app.whileStopped((dataDir) => ageSessions(dataDir, 2));
    expect(await (await idleApi.request.get("/api/auth/get-session")).json()).toBeNull();
    const rename = await idleApi.request.post("/api/auth/update-user", { data: { name: "Idle Rename" }, headers: { Origin: app.url } });
    expect(rename.status()).toBe(404);
    const apiPage = await idleApi.newPage();
    await apiPage.goto("/admin/leads");
    await apiPage.waitForURL("**/auth?**");
    await idleApi.close();
    await idlePage.goto("/admin/leads");
    await idlePage.waitForURL("**/auth?**");
    expect(new URL(idlePage.url()).searchParams.get("signedOut")).toBe("idle");
    await idlePage.getByText("You were signed out after a period of inactivity. Please sign in again.").waitFor();
    await idle.close();
  }, 240_000);
});
