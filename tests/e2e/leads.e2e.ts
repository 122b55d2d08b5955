import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { type AppServer, startAppServer } from "./support/app-server";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, controlsUnderToast, downloadedBytes, goInApp, hydrated, launchBrowser } from "./support/browser";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let dataDir: string;
let page: Page;

beforeAll(async () => {
  // Demo data made by the same factories as the integration tests, written before the app takes the data directory.
  ({ dataDir } = sceneDataDir("leads"));
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir, SMTP_URL: mail.url }), launchBrowser()]);
  const context = await adminContext(browser, app.url, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

async function open(url: string) {
  await goInApp(page, url);
  await hydrated(page);
}
async function reload() {
  await page.reload();
  await hydrated(page);
}

const totalTile = () => page.getByRole("region", { name: "Lead statistics" }).getByText(/^\d+$/).first();
const rows = () => page.getByRole("table", { name: "Leads" }).locator("tbody tr");

describe("the leads workspace", () => {
  it("adds a lead and finds it by an e-mail fragment", async () => {
    await open("/admin/leads");
    await page.getByRole("heading", { name: "Website Leads" }).waitFor();
    await page.getByRole("button", { name: "Add Lead" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Add Lead" }).click();
    await dialog.getByRole("alert").getByText("Name and email are required").waitFor();
    await dialog.getByLabel("Name").fill("Rosa Delgado");
    await dialog.getByLabel("Email").fill("rosa@mesaverde-catering.test");
    await dialog.getByRole("button", { name: "Add Lead" }).click();
    await page.getByText("Lead added successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("searchbox").fill("mesaverde");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=mesaverde/);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(1);
    expect(await rows().first().textContent()).toContain("manual");
  });

  it("filters by status and source, pages forward and back with the URL, and keeps the view on reload", async () => {
    await open("/admin/leads");
    await page.getByLabel("Source", { exact: true }).selectOption("manual");
    await page.waitForURL(/source=manual/);
    await expect.poll(async () => (await rows().allTextContents()).every((text) => text.includes("manual")), { timeout: 10_000 }).toBe(true);

    await open("/admin/leads");
    expect(await rows().count()).toBe(25);
    const total = Number(await totalTile().textContent());
    const firstPage = await rows().first().textContent();
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/after=/);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(total - 25);
    const secondPageFirst = await rows().first().textContent();
    await reload();
    expect(await rows().first().textContent()).toBe(secondPageFirst);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("after="));
    await expect.poll(() => rows().first().textContent(), { timeout: 10_000 }).toBe(firstPage);
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.waitForURL(/status=contacted/);
    const statuses = () =>
      page
        .getByRole("table", { name: "Leads" })
        .getByRole("combobox")
        .evaluateAll((elements) => [...new Set(elements.map((element) => (element as HTMLSelectElement).value))].join(","));
    await expect.poll(statuses, { timeout: 10_000 }).toBe("contacted");
  });

  it("exports the filtered leads as a dated CSV", async () => {
    await open("/admin/leads?status=contacted");
    const expected = await rows().count();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await downloadedBytes(download)).toString("utf8");
    const lines = text.trim().split("\n");
    expect(lines[0]).toContain("Name,Email,Phone");
    expect(lines.length - 1).toBe(expected);
    expect(lines.slice(1).every((line) => line.includes(",contacted,"))).toBe(true);
  });

  it("changes a status inline, and the change survives a reload", async () => {
    await open("/admin/leads?q=mesaverde");
    await page.getByLabel("Status of Rosa Delgado").selectOption("contacted");
    await page.getByText("Status updated").waitFor();
    await reload();
    expect(await page.getByLabel("Status of Rosa Delgado").inputValue()).toBe("contacted");
  });

  it("shows its toasts clear of the page's controls (they sat over 'Add Lead' and 'Import CSV')", async () => {
    await open("/admin/leads");
    await page.getByRole("combobox", { name: /^Status of / }).first().selectOption("contacted");
    await page.getByText("Status updated").waitFor();
    expect(await controlsUnderToast(page)).toEqual([]);
  });

  it("keeps notes on the lead's timeline after a reload", async () => {
    await open("/admin/leads?q=mesaverde");
    await page.getByRole("link", { name: "Rosa Delgado" }).click();
    await page.getByRole("heading", { name: "Rosa Delgado" }).waitFor();
    await page.getByLabel("Add a note").fill("Wants a menu page before the wedding season.");
    await page.getByRole("button", { name: "Save Note" }).click();
    await page.getByText("Note added").waitFor();
    await reload();
    const timeline = page.getByRole("list", { name: "Timeline" });
    await timeline.getByText("Wants a menu page before the wedding season.").waitFor();
    expect(await timeline.textContent()).toContain("Status changed from new to contacted");
  });

  it("extends a promo and resends its e-mail, which arrives", async () => {
    await open("/admin/leads");
    const row = rows().filter({ has: page.getByText("Active", { exact: true }) }).first();
    const email = (await row.locator("td").nth(2).textContent())!.trim();
    await row.getByRole("button", { name: /^Actions for/ }).click();
    await page.getByRole("menuitem", { name: "Edit Promo" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Promo" });
    await dialog.getByLabel("Extend by (days)").fill("14");
    await dialog.getByRole("button", { name: "Extend Expiry" }).click();
    await page.getByText("Promo expiry extended").waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.getByRole("button", { name: /^Actions for/ }).click();
    await page.getByRole("menuitem", { name: "Resend promo email" }).click();
    await page.getByText(`Email resent to ${email}`).waitFor();
    const received = await mail.waitFor((message) => message.envelopeTo.includes(email));
    expect(received.subject).toContain("code");
  });

  it("every lead dialog, submitted empty or wrong, stays open with its message and what was typed", async () => {
    await open("/admin/leads");
    await page.getByRole("button", { name: "Add Lead" }).click();
    const add = page.getByRole("dialog", { name: "Add Lead" });
    await add.getByLabel("Phone").fill("214-555-0142");
    await add.getByLabel("Message").fill("Typed before the refusal");
    await add.getByRole("button", { name: "Add Lead" }).click();
    await add.getByRole("alert").getByText("Name and email are required").waitFor();
    expect(await add.getByLabel("Phone").inputValue()).toBe("214-555-0142");
    expect(await add.getByLabel("Message").inputValue()).toBe("Typed before the refusal");
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });

    const row = rows().filter({ has: page.getByText("Active", { exact: true }) }).first();
    await row.getByRole("button", { name: /^Actions for/ }).click();
    await page.getByRole("menuitem", { name: "Edit Promo" }).click();
    const promo = page.getByRole("dialog", { name: "Edit Promo" });
    const days = promo.getByLabel("Extend by (days)");
    await days.fill("");
    await promo.getByRole("button", { name: "Extend Expiry" }).click();
    await promo.getByText("Extend by at least 1 day").waitFor();
    await days.fill("400");
    await promo.getByRole("button", { name: "Extend Expiry" }).click();
    await promo.getByText(/Extend by at most \d+ days/).waitFor();
    expect(await days.inputValue()).toBe("400");
    await page.keyboard.press("Escape");
    await promo.waitFor({ state: "detached" });

    // The note form on a lead's page.
    await row.getByRole("link").first().click();
    await page.getByRole("button", { name: "Save Note" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Save Note" }).click();
    await page.getByText("Write a note first").waitFor();
  });

  it("converting a lead deleted meanwhile says so, and changes nothing", async () => {
    await open("/admin/leads?q=mesaverde");
    const lead = rows().first();
    const href = (await lead.getByRole("link").first().getAttribute("href")) ?? "";
    const leadId = href.split("/").pop() ?? "";
    await lead.getByRole("button", { name: /^Actions for/ }).click();
    const deleted = await page.request.post("/admin/leads", {
      form: { intent: "delete-leads", leadIds: leadId },
      headers: { Origin: app.url },
      maxRedirects: 0,
    });
    expect(deleted.status()).toBe(302);
    await page.getByRole("menuitem", { name: "Convert to Client" }).click();
    await page.getByText("This lead no longer exists.").waitFor();
  });

  it("answers a malformed lead id with 400, never 500", async () => {
    const response = await page.request.post("/admin/leads", {
      form: { intent: "change-status", leadId: "not-a-uuid", status: "contacted" },
      headers: { Origin: app.url },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });

  it("bulk deletes selected leads after the spec's confirmation", async () => {
    await open("/admin/leads");
    const before = await totalTile().textContent();
    await rows().nth(0).getByRole("checkbox").check();
    await rows().nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("You are about to delete 2 items. This action cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("2 lead(s) deleted successfully").waitFor();
    await expect
      .poll(() => totalTile().textContent(), { timeout: 10_000 })
      .toBe(String(Number(before) - 2));
  });

  it("imports a CSV: a bad row blocks everything, a clean file goes in", async () => {
    const file = path.join(dataDir, "leads.csv");
    fs.writeFileSync(file, "Full Name,Email,Tier\nAna Ruiz,ana@import.test,2\nNo Address,,1\nBo Li,bo@import.test,Tier 3\n");
    await open("/admin/leads/import");
    await page.getByLabel("CSV file").setInputFiles(file);
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByText("1 row(s) have errors").waitFor();
    expect(await page.getByRole("list", { name: "Row errors" }).textContent()).toContain("Line 3: Name and email are required");
    expect(await page.getByRole("button", { name: /^Import \d+ Lead/ }).isDisabled()).toBe(true);

    fs.writeFileSync(file, "Full Name,Email,Tier\nAna Ruiz,ana@import.test,2\nBo Li,bo@import.test,Tier 3\n");
    await page.getByLabel("CSV file").setInputFiles(file);
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByRole("table", { name: "Import preview" }).getByText("bo@import.test").waitFor();
    await page.getByRole("button", { name: "Import 2 Lead(s)" }).click();
    await page.getByText("2 lead(s) imported successfully").waitFor();
    await open("/admin/leads?q=import.test");
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
  });
});
