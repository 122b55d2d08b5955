import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, launchBrowser } from "./support/browser";

let app: AppServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 }, acceptDownloads: true });
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await app?.stop();
});

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

async function saveCompanyName(page: Page, name: string) {
  await page.goto("/admin/settings/organization");
  await hydrated(page);
  await page.getByLabel("Company name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Settings saved successfully").waitFor();
}

describe("settings", () => {
  it("/admin/settings opens the Organization tab; a new company name shows on the home page at once", async () => {
    const page = await admin.newPage();
    await page.goto("/admin/settings");
    await page.waitForURL(/\/admin\/settings\/organization$/);
    for (const tab of ["Organization", "Email", "Promos", "Security", "Data"]) await page.getByRole("link", { name: tab, exact: true }).waitFor();
    await saveCompanyName(page, "Harbor Light Studio");

    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Harbor Light Studio" }).waitFor();
    expect(await page.title()).toContain("Harbor Light Studio");
    expect(await page.getByRole("contentinfo").textContent()).toContain("Harbor Light Studio");
    await page.close();
  });

  it("a bad value is refused with the field's error, and the form keeps what was typed", async () => {
    const page = await admin.newPage();
    await page.goto("/admin/settings/organization");
    await hydrated(page);
    await page.getByLabel("Reply-to e-mail").fill("not-an-address");
    await page.getByLabel("Phone").fill("+1 555 0142");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    expect(await page.getByLabel("Reply-to e-mail").inputValue()).toBe("not-an-address");
    expect(await page.getByLabel("Phone").inputValue()).toBe("+1 555 0142");
    await page.reload();
    expect(await page.getByLabel("Phone").inputValue()).not.toBe("+1 555 0142");

    await page.goto("/admin/settings/promos");
    await hydrated(page);
    await page.getByLabel("Promo duration (days)").fill("400");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Enter a number of days from 1 to 365").waitFor();
    expect(await page.getByLabel("Promo duration (days)").inputValue()).toBe("400");
    await page.close();
  });

  it("exports everything as a zip of CSV files, downloads a backup and restores it", async () => {
    const page = await admin.newPage();
    await saveCompanyName(page, "Backup Time Studio");
    await page.goto("/admin/settings/data");
    await hydrated(page);

    const [exported] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export everything" }).click()]);
    expect(exported.suggestedFilename()).toMatch(/^agency-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await exported.path())));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["leads.csv", "clients.csv", "projects.csv", "invoices.csv", "consultations.csv", "consultation_bookings.csv", "email_logs.csv", "organization_settings.csv"]),
    );
    expect(strFromU8(files["organization_settings.csv"] ?? new Uint8Array())).toContain("Backup Time Studio");
    expect(strFromU8(files["package_tiers.csv"] ?? new Uint8Array())).toContain("Starter");

    const [backup] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download backup" }).click()]);
    const backupPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agency-backup-")), "agency-backup.tar");
    await backup.saveAs(backupPath);
    expect(fs.statSync(backupPath).size).toBeGreaterThan(1_000_000);

    await saveCompanyName(page, "Changed After Backup");
    await page.goto("/admin/settings/data");
    await hydrated(page);
    // By path: a backup is tens of megabytes, more than a buffer may carry to the browser.
    await page.getByLabel("Backup file").setInputFiles(backupPath);
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Restore this backup?" });
    await dialog.getByRole("button", { name: "Restore" }).click();
    await page.getByText("Database restored from backup").waitFor({ timeout: 60_000 });

    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Backup Time Studio" }).waitFor();
    fs.rmSync(path.dirname(backupPath), { recursive: true, force: true });
    await page.close();
  }, 420_000);

  it("a file that is not a backup is refused and changes nothing", async () => {
    const page = await admin.newPage();
    await page.goto("/admin/settings/data");
    await hydrated(page);
    await page.getByLabel("Backup file").setInputFiles({ name: "notes.tar", mimeType: "application/x-tar", buffer: Buffer.from("not a database") });
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await page.getByText(/not a backup of this app/).first().waitFor({ timeout: 60_000 });
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Backup Time Studio" }).waitFor();
    await page.close();
  }, 120_000);

  it("the audit log under Security lists the changes with who made them, filtered by action", async () => {
    const page = await admin.newPage();
    await saveCompanyName(page, "Audited Studio");
    await page.goto("/admin/settings/security/audit?domain=settings");
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    expect(await page.getByRole("link", { name: "Security", exact: true }).getAttribute("aria-current")).toBe("page");
    const row = page.getByRole("row", { name: /settings\.save-organization/ }).first();
    expect(await row.textContent()).toContain("owner@sistersite.test");
    // A day range applies with 'Filter' and keeps the chosen action; 'Clear' drops both.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const filters = page.getByRole("search", { name: "Filter the audit log" });
    await filters.getByLabel("From").fill("2099-01-01");
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No changes recorded for these filters.").waitFor();
    expect(new URL(page.url()).searchParams.get("domain")).toBe("settings");
    await filters.getByRole("link", { name: "Clear" }).click();
    await row.waitFor();
    expect(new URL(page.url()).search).toBe("");
    await page.close();
  });
});
