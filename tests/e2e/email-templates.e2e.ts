import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, launchBrowser } from "./support/browser";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let page: Page;

beforeAll(async () => {
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ SMTP_URL: mail.url }), launchBrowser()]);
  const context = await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

async function hydrated(target: Page) {
  await target.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

describe("e-mail templates and the e-mail log", () => {
  it("writes a template with a live preview, refuses an unknown variable, clones it, sends a test and reads it in the log", async () => {
    await page.goto("/admin/templates/new");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Template" });
    await form.getByLabel("Name").fill("Day 3 follow-up");

    // The preview follows the typing, with the sample values.
    await form.getByLabel("Subject").fill("Still keen, {{FirstName}}?");
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Still keen, Jordan?");
    await form.getByLabel("Preheader").fill("Code {{PromoCode}} inside");
    await expect.poll(() => page.getByTestId("preview-preheader").textContent()).toBe("Code LAUNCH-7K2QX9 inside");
    const html = form.getByLabel("HTML body");
    await html.fill("<p>Hi {{FirstName}}, your code {{PromoCode}} ends {{ExpiryDate}}. {{Discount}}</p>");
    const frame = page.frameLocator('iframe[title="Preview: HTML"]');
    await frame.getByText("Hi Jordan, your code LAUNCH-7K2QX9").waitFor();
    await form.getByLabel("Text body").fill("Hi {{FirstName}}, your code {{PromoCode}} ends {{ExpiryDate}}.");

    // Save refuses the unknown variable; the form stays with what was typed.
    await form.getByRole("button", { name: "Create Template" }).click();
    await page.waitForResponse((response) => response.url().includes("/admin/templates/new") && response.request().method() === "POST");
    await form.getByText("Unknown variable {{Discount}}").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/templates/new");
    expect(await html.inputValue()).toContain("{{Discount}}");
    expect(await form.getByLabel("Name").inputValue()).toBe("Day 3 follow-up");

    // Insert a variable by clicking it, where the cursor was.
    await html.fill("<p>Hi {{FirstName}}, your code {{PromoCode}} ends . </p>");
    await html.evaluate((element: HTMLTextAreaElement) => {
      const at = element.value.indexOf("ends ") + 5;
      element.focus();
      element.setSelectionRange(at, at);
    });
    await page.getByRole("button", { name: "Insert {{ExpiryDate}}" }).click();
    expect(await html.inputValue()).toBe("<p>Hi {{FirstName}}, your code {{PromoCode}} ends {{ExpiryDate}}. </p>");

    await form.getByRole("button", { name: "Create Template" }).click();
    await page.waitForURL(/\/admin\/templates\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: /Day 3 follow-up/ }).waitFor();
    await hydrated(page);

    // Save a change: version 2, version 1 kept.
    await page.getByRole("form", { name: "Template" }).getByLabel("Subject").fill("Still interested, {{FirstName}}?");
    await page.getByRole("button", { name: "Save Template" }).click();
    await page.getByRole("heading", { level: 1, name: /v2/ }).waitFor();
    await page.getByRole("list", { name: "Versions" }).getByRole("link", { name: "v1" }).waitFor();

    // Send test: queued through the outbox, delivered over SMTP, then open it in the log.
    await page.getByRole("form", { name: "Send test" }).getByLabel("Send to").fill("tester@example.net");
    await page.getByRole("button", { name: "Send Test" }).click();
    const received = await mail.waitFor((message) => message.envelopeTo.includes("tester@example.net"));
    expect(received.subject).toBe("[Test] Still interested, Jordan?");
    await page.getByRole("link", { name: "Open it in the e-mail log" }).click();
    await page.getByRole("heading", { level: 1, name: /\[Test\] Still interested, Jordan\?/ }).waitFor();
    await page.frameLocator('iframe[title="E-mail as sent"]').getByText("Hi Jordan, your code LAUNCH-7K2QX9").waitFor();
    await page.getByRole("table", { name: "Delivery attempts" }).getByText("sent").waitFor();

    // The log lists it, and filtering by recipient finds it.
    await page.goto("/admin/emails?recipient=tester%40example");
    const log = page.getByRole("table", { name: "E-mails" });
    await log.getByText("[Test] Still interested, Jordan?").waitFor();
    expect(await log.getByRole("row").count()).toBe(2);
    await page.getByRole("link", { name: "Suppression list" }).waitFor();

    // Clone from the list: '{name} (Copy)' opens and is listed beside the original.
    await page.goto("/admin/templates?q=Day%203");
    await hydrated(page);
    await page.getByRole("button", { name: "Clone Day 3 follow-up" }).click();
    const templates = page.getByRole("table", { name: "Templates" });
    await templates.getByRole("link", { name: "Day 3 follow-up (Copy)", exact: true }).waitFor();
    await templates.getByRole("link", { name: "Day 3 follow-up", exact: true }).waitFor();

    // A system template cannot be deleted, and the dialog says why.
    await page.goto("/admin/templates?q=Invoice%20reminder");
    await hydrated(page);
    await page.getByRole("button", { name: /^Delete Invoice reminder/ }).click();
    await page.getByRole("alertdialog").getByText("is a system template").waitFor();
  }, 240_000);
});
