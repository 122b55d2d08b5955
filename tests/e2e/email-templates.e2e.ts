import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, goInApp, hydrated, launchBrowser, toast } from "./support/browser";

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

describe("e-mail templates and the e-mail log", () => {
  it("writes a template with a live preview, refuses an unknown variable, clones it, sends a test and reads it in the log", async () => {
    await goInApp(page, "/admin/templates/new");
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
    // Listening before the click: a quick answer would otherwise come before the wait began.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes("/admin/templates/new") && response.request().method() === "POST"),
      form.getByRole("button", { name: "Create Template" }).click(),
    ]);
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
    await goInApp(page, "/admin/emails?q=tester%40example");
    const log = page.getByRole("table", { name: "E-mails" });
    await log.getByText("[Test] Still interested, Jordan?").waitFor();
    expect(await log.getByRole("row").count()).toBe(2);
    await page.getByRole("link", { name: "Suppression list" }).waitFor();
    // A status applies at once and keeps the search; nothing 'failed' went to this address.
    await hydrated(page);
    await page.getByRole("combobox", { name: "Status" }).selectOption("failed");
    await page.waitForURL(/status=failed/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("tester@example");
    await page.getByText("No e-mails match these filters.").waitFor();

    // A message or a template that is not there returns to its list, which says so.
    await goInApp(page, `/admin/emails/${crypto.randomUUID()}`);
    await page.waitForURL(/\/admin\/emails$/);
    await page.getByRole("heading", { level: 1, name: "Email Logs" }).waitFor();
    await toast(page, "Message not found");
    await goInApp(page, "/admin/templates/not-an-id");
    await page.waitForURL(/\/admin\/templates$/);
    await page.getByRole("heading", { level: 1, name: "Email Templates" }).waitFor();
    await toast(page, "Template not found");

    // Clone from the row's menu: '{name} (Copy)' is listed beside the original.
    await goInApp(page, "/admin/templates?q=Day%203");
    await hydrated(page);
    await page.getByRole("button", { name: "Actions for Day 3 follow-up" }).click();
    await page.getByRole("menuitem", { name: "Clone" }).click();
    const templates = page.getByRole("table", { name: "Templates" });
    await templates.getByRole("link", { name: "Day 3 follow-up (Copy)", exact: true }).waitFor();
    await templates.getByRole("link", { name: "Day 3 follow-up", exact: true }).waitFor();

    // The copy is deleted from its menu, asked first with the spec's words.
    await page.getByRole("button", { name: "Actions for Day 3 follow-up (Copy)" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this template?" });
    await confirm.getByText("You are about to delete 1 item. This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Template deleted").waitFor();
    await templates.getByRole("link", { name: "Day 3 follow-up (Copy)", exact: true }).waitFor({ state: "detached" });

    // A system template's 'Delete' is there, disabled, saying why; choosing it does nothing. Its page says the same.
    await goInApp(page, "/admin/templates?q=Invoice%20reminder");
    await page.getByRole("heading", { level: 1, name: "Email Templates" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: /^Actions for Invoice reminder/ }).first().click();
    const refused = page.getByRole("menuitem", { name: "Delete" });
    expect(await refused.getAttribute("aria-disabled")).toBe("true");
    expect(await refused.textContent()).toContain("System template: edit it, it cannot be deleted");
    // Reached and chosen from the keyboard (a disabled item stays focusable): nothing opens.
    await refused.focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(300);
    expect(await refused.isVisible()).toBe(true);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByRole("table", { name: "Templates" }).getByRole("link", { name: /^Invoice reminder/ }).first().click();
    await page.getByText("it cannot be deleted").waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: /^More actions for Invoice reminder/ }).click();
    const pageDelete = page.getByRole("menuitem", { name: "Delete" });
    expect(await pageDelete.getAttribute("aria-disabled")).toBe("true");
    expect(await pageDelete.textContent()).toContain("System template: edit it, it cannot be deleted");
    await page.keyboard.press("Escape");
    // A delete posted anyway is refused with the same words, and the template stays.
    const posted = await page.request.post(page.url(), { form: { intent: "delete-template" }, headers: { Origin: app.url } });
    expect(posted.status()).toBe(409);
    expect(await posted.text()).toContain("System template: edit it, it cannot be deleted");
  }, 240_000);
});
