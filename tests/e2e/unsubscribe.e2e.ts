import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { type AppServer, startAppServer } from "./support/app-server";
import { MARKETING_READER as READER, sceneDataDir } from "../support/scene-data-dir";
import { accessibilityViolations, adminContext, goInApp, hydrated, launchBrowser } from "./support/browser";


let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let dataDir: string;
/** The app's origin: the one the scene's mail links name (the run's global setup chose it). */
let appUrl: string;

beforeAll(async () => {
  // A marketing e-mail waits in the outbox before the app takes the data directory; its worker sends it.
  // The seed and the app share PUBLIC_URL, so the link in the body and the one in the header agree.
  const publicUrl = inject("marketingOrigin") ?? "";
  const port = new URL(publicUrl).port;
  appUrl = publicUrl;
  ({ dataDir } = sceneDataDir("marketingMail"));
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir, SMTP_URL: mail.url, PORT: port, PUBLIC_URL: publicUrl }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

/** The path of the message's List-Unsubscribe link (its host is PUBLIC_URL's). */
async function unsubscribePath(): Promise<string> {
  const received = await mail.waitFor((m) => m.envelopeTo.includes(READER));
  const header = received.headerLines.find((line) => line.key === "list-unsubscribe")?.line.replace(/\r?\n[ \t]+/g, " ") ?? "";
  const url = /<([^>]+)>/.exec(header)?.[1] ?? "";
  expect(received.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(received.text).toContain(`Unsubscribe: ${url}`);
  return new URL(url).pathname;
}

describe("unsubscribe", () => {
  it("the reader unsubscribes from the e-mail's link without JavaScript, resubscribes, and a mail client's one-click POST unsubscribes again", async () => {
    const linkPath = await unsubscribePath();
    const context = await browser.newContext({ baseURL: appUrl, javaScriptEnabled: false });
    const page = await context.newPage();

    const opened = await page.goto(linkPath);
    expect(opened?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await page.getByRole("heading", { level: 1, name: "Unsubscribe" }).waitFor();
    await page.getByText(READER).waitFor();

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor();
    await page.getByText("E-mails about your bookings and invoices will still arrive.").waitFor();

    await page.getByRole("button", { name: "Resubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You're subscribed again" }).waitFor();
    await context.close();

    // What Gmail or Apple Mail sends (RFC 8058): no cookie, no Origin, only the one-click body.
    const oneClick = await fetch(`${appUrl}${linkPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    const forged = await fetch(`${appUrl}${linkPath.slice(0, -2)}xx`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("This unsubscribe link is not valid");

    const withScript = await browser.newPage({ baseURL: appUrl });
    await goInApp(withScript, linkPath);
    await hydrated(withScript);
    await withScript.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor();
    expect(await accessibilityViolations(withScript)).toEqual([]);
    await withScript.close();
  });

  it("the admin sees the suppression list, adds an address, searches and removes one", async () => {
    const context = await adminContext(browser, appUrl, { viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await goInApp(page, "/admin/emails/suppressions");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Suppression List" }).waitFor();
    const table = page.getByRole("table", { name: "Suppressed addresses" });
    await table.getByRole("row", { name: new RegExp(`${READER}.*Unsubscribed`) }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Address" });
    await dialog.getByLabel("E-mail address").fill("not-an-address");
    await dialog.getByRole("button", { name: "Add Address" }).click();
    await dialog.getByText("Enter a valid e-mail address").waitFor();
    await dialog.getByLabel("E-mail address").fill("Blocked@Example.test");
    await dialog.getByLabel("Note").fill("Asked by phone to stop");
    await dialog.getByRole("button", { name: "Add Address" }).click();
    await page.getByText("Address added to the suppression list").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await table.getByRole("row", { name: /blocked@example\.test.*Added by admin.*Asked by phone to stop/ }).waitFor();

    await page.getByRole("searchbox", { name: "Search addresses" }).fill("blocked");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=blocked/);
    await expect.poll(() => table.getByRole("row").count()).toBe(2);

    await page.getByRole("button", { name: "Remove blocked@example.test" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove this address?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Address removed from the suppression list").waitFor();
    await page.getByText("No suppressed address matches this search.").waitFor();
    await context.close();
  });
});
