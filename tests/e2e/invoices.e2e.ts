import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { type AppServer, startAppServer } from "./support/app-server";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, downloadedBytes, goInApp, hydrated, launchBrowser, toast } from "./support/browser";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let dataDir: string;
let scene: Scene<"invoice">;
let page: Page;

beforeAll(async () => {
  // The starting point (a client, a project with add-ons, a completed consultation) is written before the app takes the data directory.
  ({ dataDir, scene } = sceneDataDir("invoice"));
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir, SMTP_URL: mail.url }), launchBrowser()]);
  const context = await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `invoice-e2e-${process.pid}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("invoices", () => {
  it("builds an invoice from a project, sends it with its PDF, the client opens it, and two payments pay it", async () => {
    // New invoice from the project: client, project and tier preset.
    await goInApp(page, `/admin/invoices/new?project=${scene.projectId}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await page.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    const invoiceUrl = page.url();
    const heading = page.getByRole("heading", { level: 1, name: /INV-\d+/ });
    await heading.waitFor();
    const invoiceNumber = ((await heading.textContent()) ?? "").match(/INV-\d+/)?.[0] ?? "";
    expect(invoiceNumber).toMatch(/^INV-\d+$/);
    await hydrated(page);

    // Generate from Project: the package over its deliverables, then the add-ons by the price rule.
    await page.getByRole("button", { name: "Generate from Project" }).click();
    const generate = page.getByRole("dialog", { name: "Generate from Project" });
    await generate.getByRole("button", { name: "Generate Items" }).click();
    await page.getByText(/Generated \d+ line items/).waitFor();
    const lines = page.getByRole("table", { name: "Line items" });
    await lines.getByText("Add-on: Extra page").waitFor();
    expect(await lines.getByRole("row", { name: /Add-on: Blog setup/ }).textContent()).toContain("$60.00");

    // Add Consultations: refused without a choice, and with a price of 0.
    await page.getByRole("button", { name: "Add Consultations" }).click();
    const consult = page.getByRole("dialog", { name: "Add Consultations" });
    await consult.getByRole("button", { name: "Add to Invoice" }).click();
    await consult.getByText("Please select at least one consultation").waitFor();
    await consult.getByRole("checkbox").first().check();
    await consult.getByLabel("Price per consultation ($)").fill("0");
    await consult.getByRole("button", { name: "Add to Invoice" }).click();
    await consult.getByText("Please enter a valid price").waitFor();
    await consult.getByLabel("Price per consultation ($)").fill("100");
    await consult.getByRole("button", { name: "Add to Invoice" }).click();
    await page.getByText("1 consultation(s) added to the invoice").waitFor();

    // Add Item: refused without a description, then added.
    await page.getByRole("button", { name: "Add Item" }).first().click();
    const item = page.getByRole("dialog", { name: "Add Item" });
    await item.getByLabel("Unit price ($)").fill("25");
    await item.getByRole("button", { name: "Add Item" }).click();
    await item.getByText("Description is required").waitFor();
    await item.getByLabel("Description").fill("Rush delivery");
    await item.getByRole("button", { name: "Add Item" }).click();
    await page.getByText("Line item added").waitFor();

    // Tax, saved: 249 + 2×50 + 60 + 100 + 25 = 534.00, + 10.00 tax.
    await page.getByLabel("Tax ($)").fill("10");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Invoice updated successfully").waitFor();
    const summary = page.getByLabel("Invoice summary");
    await summary.getByText("$544.00").first().waitFor();

    // Preview & Send: the e-mail arrives with the PDF, whose text holds the number, total and memo.
    await page.getByRole("button", { name: "Preview & Send" }).click();
    const send = page.getByRole("dialog", { name: "Preview & Send" });
    await send.getByTitle("E-mail preview").waitFor();
    await send.getByRole("button", { name: "Send Invoice" }).click();
    await page.getByText("Invoice sent successfully").waitFor();
    const received = await mail.waitFor((message) => message.subject?.includes(invoiceNumber) ?? false);
    const attachment = received.attachments.find((file) => file.contentType === "application/pdf");
    expect(attachment?.filename).toBe(`${invoiceNumber}.pdf`);
    const text = pdfText(attachment!.content);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain("$544.00");
    expect(text).toContain(`Memo: ${invoiceNumber}`);

    // The client opens the link without signing in and downloads the PDF; an altered link shows nothing.
    const link = (received.text ?? "").match(/https?:\/\/\S+\/invoice\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
    expect(link).not.toBe("");
    const visitor = await browser.newContext({ acceptDownloads: true });
    const clientPage = await visitor.newPage();
    await goInApp(clientPage, new URL(new URL(link).pathname, app.url).toString());
    await clientPage.getByRole("heading", { name: `Invoice ${invoiceNumber}` }).waitFor();
    // Without Stripe's keys the page is as it always was: bank transfer only (decision 047).
    expect(await clientPage.getByRole("button", { name: "Pay now" }).count()).toBe(0);
    const [download] = await Promise.all([clientPage.waitForEvent("download"), clientPage.getByRole("link", { name: "Download PDF" }).click()]);
    expect(pdfText(await downloadedBytes(download))).toContain(invoiceNumber);
    const altered = await clientPage.goto(new URL(`${new URL(link).pathname.slice(0, -1)}x`, app.url).toString());
    expect(altered?.status()).toBe(404);
    await clientPage.getByText("Oops! Page not found").waitFor();
    await visitor.close();

    // The admin sees it viewed, records a partial then a full payment.
    await goInApp(page, invoiceUrl);
    await hydrated(page);
    await page.getByText(/viewed/).first().waitFor();
    await page.getByLabel("Amount ($)").fill("200");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await page.getByText("Payment recorded").waitFor();
    await summary.getByText("$344.00").waitFor();
    await page.getByRole("button", { name: "Record Payment" }).click();
    await page.getByText("This invoice is paid and locked. Reopen it to make changes.").waitFor();
    expect(await summary.textContent()).toContain("Balance$0.00");

    // The admin takes the client's link back: the old link answers 404; a new one opens the invoice.
    const oldPath = new URL(link).pathname;
    expect(await page.getByRole("textbox", { name: "Client link" }).inputValue()).toBe(link);
    await page.getByRole("button", { name: "Revoke link" }).click();
    await page.getByRole("alertdialog", { name: "Revoke the client's link?" }).getByRole("button", { name: "Revoke link" }).click();
    await page.getByText("Client link revoked").first().waitFor();
    await page.getByText("The client's link was revoked").waitFor();
    const revoked = await fetch(new URL(oldPath, app.url));
    expect(revoked.status).toBe(404);
    await page.getByRole("button", { name: "Issue new link" }).click();
    await page.getByRole("alertdialog", { name: "Issue a new client link?" }).getByRole("button", { name: "Issue new link" }).click();
    await page.getByText("New client link issued").first().waitFor();
    const fresh = new URL(await page.getByRole("textbox", { name: "Client link" }).inputValue()).pathname;
    expect(fresh).not.toBe(oldPath);
    expect((await fetch(new URL(fresh, app.url))).status).toBe(200);
    expect((await fetch(new URL(oldPath, app.url))).status).toBe(404);

    // The dashboard shows the revenue.
    await goInApp(page, "/admin");
    const summaryPanel = page.getByLabel("Financial summary");
    expect(await summaryPanel.textContent()).toContain("$544.00");
  }, 240_000);

  it("the list filters by status in the URL, asks before deleting the selected invoices, and keeps one with payments", async () => {
    // The client's draft (made when it was added) and the invoice paid above.
    await goInApp(page, "/admin/invoices");
    await hydrated(page);
    const table = page.getByRole("table", { name: "Invoices" });
    await table.getByRole("row").nth(2).waitFor();
    await page.getByRole("combobox", { name: "Status" }).selectOption("paid");
    await page.waitForURL(/status=paid/);
    // The filtered list replaces the whole one once its data is in: the draft's row leaves it.
    await table.getByRole("row").nth(2).waitFor({ state: "detached" });
    await table.getByRole("link", { name: /INV-\d+/ }).first().waitFor();
    expect(await table.getByRole("row").count()).toBe(2); // the header and the paid invoice
    const paidNumber = (await table.getByRole("link", { name: /INV-\d+/ }).first().textContent()) ?? "";
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL((url) => !url.search.includes("status"));
    await table.getByRole("row").nth(2).waitFor();

    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByText("2 selected").waitFor();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete selected invoices?" });
    await confirm.getByText("You are about to delete 2 items. This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    // Refused, the dialog stays with the reason, and nothing is deleted.
    await confirm.getByText(`${paidNumber} has payments recorded, so it is kept. Remove its payments first to delete it.`).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await table.getByRole("row").count()).toBe(3);

    // The selection stays after Cancel: only the draft now.
    await page.getByRole("checkbox", { name: "Select all on this page" }).uncheck();
    const draftRow = table.getByRole("row").filter({ hasText: "draft" });
    await draftRow.getByRole("checkbox").check();
    await page.getByText("1 selected").waitFor();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    const single = page.getByRole("alertdialog", { name: "Delete this invoice?" });
    await single.getByText("You are about to delete 1 item. This action cannot be undone.").waitFor();
    await single.getByRole("button", { name: "Delete" }).click();
    await page.getByText("1 invoice(s) deleted successfully").waitFor();
    await page.getByRole("alertdialog").waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.querySelectorAll("table[aria-label=Invoices] tbody tr").length === 1);
    expect(await table.getByRole("link", { name: paidNumber, exact: true }).count()).toBe(1);
  }, 120_000);

  it("an invoice that is not there returns to the list with 'Invoice not found'", async () => {
    for (const path of ["/admin/invoices/00000000-0000-4000-8000-000000000000", "/admin/invoices/not-an-id"]) {
      // Followed within the app, then opened from an address (a new document): the list both times, with the message.
      await hydrated(page);
      await goInApp(page, path);
      await page.waitForURL(/\/admin\/invoices$/);
      await page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();
      await toast(page, "Invoice not found");
      await page.goto(path);
      await page.waitForURL(/\/admin\/invoices$/);
      await toast(page, "Invoice not found");
    }
    // An action on it is refused with a message, never a fault.
    const refused = await page.request.post("/admin/invoices/not-an-id", { form: { intent: "reopen" }, headers: { Origin: app.url } });
    expect(refused.status()).toBe(400);
  });
});
