import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, startAppServer, type AppServer } from "./support/app-server";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, downloadedBytes, goInApp, hydrated, launchBrowser, popupSeenVisitor, toast } from "./support/browser";

let app: AppServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  // A database with no backup made tonight: the app makes one at its start (the first test).
  const { dataDir } = sceneDataDir("noBackupYet");
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir }), launchBrowser()]);
  admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 }, acceptDownloads: true });
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await app?.stop();
});

async function saveCompanyName(page: Page, name: string) {
  await goInApp(page, "/admin/settings/organization");
  await hydrated(page);
  await page.getByLabel("Company name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Settings saved successfully").waitFor();
}

/** On the Data tab: confirms it's the admin, unless this session did within the last 5 minutes. */
async function confirmOnDataTab(page: Page) {
  await page.goto("/admin/settings/data");
  const confirm = page.getByRole("button", { name: "Confirm it's you" });
  if ((await confirm.count()) > 0) {
    await page.getByLabel("Your password").fill(E2E_ADMIN.password);
    await confirm.click();
    await page.getByText(/^Confirmed: the downloads below work without asking again until/).waitFor();
  }
  await hydrated(page);
}

/** The company name the site shows in its header. */
async function siteName(page: Page): Promise<string> {
  await goInApp(page, "/");
  return (await page.getByRole("banner").getByRole("link").first().textContent())?.trim() ?? "";
}

describe("settings", () => {
  it("lists the nightly backup the app made on its start, and restores it", async () => {
    const page = await admin.newPage();
    const original = await siteName(page);
    await goInApp(page, "/admin/settings/data");
    const nightly = page.getByRole("table", { name: "Nightly backups" }).getByRole("row").nth(1);
    // The worker makes the night's backup within a moment of the start.
    for (let attempt = 0; (await nightly.count()) === 0 && attempt < 60; attempt += 1) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await hydrated(page);
    expect(await nightly.textContent()).toMatch(/MB/);
    await saveCompanyName(page, "After The Night Studio");

    await goInApp(page, "/admin/settings/data");
    await hydrated(page);
    // A restore replaces every account: it asks for the password again first (issue 25).
    await page.getByLabel("Your password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Confirm it's you" }).click();
    await page.getByText(/^Confirmed: the downloads below work without asking again until/).waitFor();
    await hydrated(page);
    await nightly.getByRole("button", { name: /^Restore the backup of/ }).click();
    await page.getByRole("alertdialog", { name: /^Restore the backup of/ }).getByRole("button", { name: "Restore" }).click();
    // The backup was made before this session began: the restored database asks to sign in again.
    await page.waitForURL(/\/auth/, { timeout: 60_000 });
    await admin.close();
    admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const again = await admin.newPage();
    expect(await siteName(again)).toBe(original);
    await again.close();
  }, 180_000);

  it("/admin/settings opens the Organization tab; a new company name shows on the home page at once", async () => {
    const page = await admin.newPage();
    await goInApp(page, "/admin/settings");
    await page.waitForURL(/\/admin\/settings\/organization$/);
    for (const tab of ["Organization", "Email", "Promos", "Security", "Data"]) await page.getByRole("link", { name: tab, exact: true }).waitFor();
    await saveCompanyName(page, "Harbor Light Studio");

    await goInApp(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Harbor Light Studio" }).waitFor();
    expect(await page.title()).toContain("Harbor Light Studio");
    expect(await page.getByRole("contentinfo").textContent()).toContain("Harbor Light Studio");
    await page.close();
  });

  it("the promo days and the launch price set in Settings are what every page states; a campaign's visitor is told the campaign's days", async () => {
    const page = await admin.newPage();
    const savePromo = async (days: string, promoPrice: string) => {
      await goInApp(page, "/admin/settings/promos");
      await hydrated(page);
      await page.getByLabel("Promo duration (days)").fill(days);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await toast(page, "Settings saved successfully");
      await page.locator("#tier-1-promoPrice").fill(promoPrice);
      await page.getByRole("button", { name: "Save Tier 1" }).click();
      await expect.poll(async () => {
        await page.reload();
        return page.locator("#tier-1-promoPrice").inputValue();
      }).toBe(`${promoPrice}.00`);
    };
    await savePromo("10", "79");
    try {
      // A new visitor on a wide screen: the header, the popup, the packages and thank-you pages, the claim's toast.
      const wide = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
      const visitor = await wide.newPage();
      await visitor.goto("/packages");
      await visitor.getByRole("banner").getByRole("link", { name: "Claim $79 Offer" }).waitFor();
      await visitor.getByText(/the complete Starter package, normally \$199, for \$79\. .* valid for 10 days\./).waitFor();
      const popup = visitor.getByRole("dialog", { name: "Launch offer: your website for $79" });
      await popup.getByText("A complete, mobile-ready Starter website for $79 instead of $199. Claim your code now; it stays valid for 10 days.").waitFor();
      await popup.getByLabel("Full name").fill("Tess Days");
      await popup.getByLabel("Email").fill("tess.days@example.com");
      await popup.getByLabel("Phone").fill("214-555-0110");
      await popup.getByRole("button", { name: "Claim My $79 Website" }).click();
      await toast(visitor, "Check tess.days@example.com for your unique promo code — valid for 10 days!");
      await goInApp(visitor, "/thank-you");
      await visitor.getByText("If you claimed the launch offer, your promo code is valid for 10 days.").waitFor();
      // The same page loaded anew (the copy kept for every visitor) says the same.
      await visitor.goto("/thank-you");
      await visitor.getByText("If you claimed the launch offer, your promo code is valid for 10 days.").waitFor();
      await wide.close();

      // A campaign of 14 days: its visitor is told 14, from its link on; a claim there lasts 14 days too.
      await goInApp(page, "/admin/campaigns");
      await hydrated(page);
      await page.getByRole("button", { name: "Create Campaign" }).click();
      const dialog = page.getByRole("dialog", { name: "Create Campaign" });
      await dialog.locator("input[name=name]").fill("Fortnight Offer");
      await dialog.getByLabel("Promo duration (days)").fill("14");
      await dialog.getByLabel("Status").selectOption("active");
      await dialog.getByRole("button", { name: "Create Campaign" }).click();
      await page.waitForURL(/\/admin\/campaigns\/[0-9a-f-]{36}$/);
      const campaignVisitor = await popupSeenVisitor(browser, app.url, { viewport: { width: 1280, height: 800 } });
      const through = await campaignVisitor.newPage();
      await through.goto("/?campaign=fortnight-offer");
      await through.goto("/packages");
      await through.getByText(/valid for 14 days\./).waitFor();
      await through.goto("/thank-you");
      await through.getByText("If you claimed the launch offer, your promo code is valid for 14 days.").waitFor();
      await campaignVisitor.close();
      // Anyone else still reads the setting's days.
      const other = await popupSeenVisitor(browser, app.url);
      const plain = await other.newPage();
      await plain.goto("/packages");
      await plain.getByText(/valid for 10 days\./).waitFor();
      await other.close();
    } finally {
      await savePromo("7", "99");
      await page.close();
    }
  }, 180_000);

  it("a bad value is refused with the field's error, and the form keeps what was typed", async () => {
    const page = await admin.newPage();
    await goInApp(page, "/admin/settings/organization");
    await hydrated(page);
    await page.getByLabel("Reply-to e-mail").fill("not-an-address");
    await page.getByLabel("Phone").fill("+1 555 0142");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    expect(await page.getByLabel("Reply-to e-mail").inputValue()).toBe("not-an-address");
    expect(await page.getByLabel("Phone").inputValue()).toBe("+1 555 0142");
    await page.reload();
    expect(await page.getByLabel("Phone").inputValue()).not.toBe("+1 555 0142");

    await goInApp(page, "/admin/settings/promos");
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
    await goInApp(page, "/admin/settings/data");
    await hydrated(page);

    // Everything leaves only after the password is given again (issue 25): from the link, the
    // confirmation page first, then the download.
    await page.getByRole("link", { name: "Export everything" }).click();
    await page.getByRole("heading", { name: "Confirm it's you" }).waitFor();
    await page.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Confirm it's you" }).click();
    await page.getByText("The password is not right").first().waitFor();
    await page.getByLabel("Your password").fill(E2E_ADMIN.password);
    const [exported] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Confirm it's you" }).click()]);
    expect(exported.suggestedFilename()).toMatch(/^agency-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await downloadedBytes(exported)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["leads.csv", "clients.csv", "projects.csv", "invoices.csv", "consultations.csv", "consultation_bookings.csv", "email_logs.csv", "organization_settings.csv"]),
    );
    expect(strFromU8(files["organization_settings.csv"] ?? new Uint8Array())).toContain("Backup Time Studio");
    expect(strFromU8(files["package_tiers.csv"] ?? new Uint8Array())).toContain("Starter");

    // Confirmed for 5 minutes: the Data tab says so, and the backup needs no second asking.
    await goInApp(page, "/admin/settings/data");
    await page.getByText(/^Confirmed: the downloads below work without asking again until/).waitFor();
    await expect(page.getByText(/keep it as private as the back-office/).count()).resolves.toBe(1);
    await expect(page.getByText(/but no session and not the secret that signs them/).count()).resolves.toBe(1);
    const [backup] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download backup" }).click()]);
    const backupPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agency-backup-")), "agency-backup.tar");
    await backup.saveAs(backupPath);
    expect(fs.statSync(backupPath).size).toBeGreaterThan(1_000_000);

    await saveCompanyName(page, "Changed After Backup");
    await goInApp(page, "/admin/settings/data");
    await hydrated(page);
    // By path: a backup is tens of megabytes, more than a buffer may carry to the browser.
    await page.getByLabel("Backup file").setInputFiles(backupPath);
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Restore this backup?" });
    await dialog.getByRole("button", { name: "Restore" }).click();
    // A backup holds no session (issue 41): everyone, this admin too, signs in again.
    await page.waitForURL(/\/auth/, { timeout: 60_000 });
    await page.getByText("Database restored from backup").first().waitFor();

    await goInApp(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Backup Time Studio" }).waitFor();
    fs.rmSync(path.dirname(backupPath), { recursive: true, force: true });
    await page.close();
    await admin.close();
    admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  }, 420_000);

  it("a file that is not a backup is refused and changes nothing", async () => {
    const page = await admin.newPage();
    // The restore before signed everyone out: this session is a new one, and a restore asks who it is.
    await confirmOnDataTab(page);
    await page.getByLabel("Backup file").setInputFiles({ name: "notes.tar", mimeType: "application/x-tar", buffer: Buffer.from("not a database") });
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await page.getByText(/This file is not a usable backup/).first().waitFor({ timeout: 60_000 });
    await goInApp(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Backup Time Studio" }).waitFor();
    await page.close();
  }, 120_000);

  it("exports a person's data, erases them, and offers to delete the backups that still hold them", async () => {
    const visitor = await popupSeenVisitor(browser, app.url);
    const form = await visitor.newPage();
    await goInApp(form, "/contact");
    await hydrated(form);
    await form.getByLabel("Name").fill("Zelda Quixote");
    await form.getByLabel("Email").fill("zelda.quixote@example.org");
    await form.getByLabel("Message").fill("A site for my marmalade shop, please");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("We'll get back to you").first().waitFor();
    await visitor.close();

    const page = await admin.newPage();
    await confirmOnDataTab(page);
    await page.getByLabel("Person's e-mail address").fill("zelda.quixote@example.org");
    const [exported] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export their data" }).click()]);
    const files = unzipSync(new Uint8Array(await downloadedBytes(exported)));
    expect(strFromU8(files["summary.txt"] ?? new Uint8Array())).toContain("Personal data held about zelda.quixote@example.org");
    expect(strFromU8(files["leads.csv"] ?? new Uint8Array())).toContain("A site for my marmalade shop, please");

    await page.getByLabel("E-mail address", { exact: true }).fill("zelda.quixote@example.org");
    await page.getByRole("button", { name: "Erase personal data" }).click();
    await page.getByRole("alertdialog", { name: "Erase this person's data?" }).getByRole("button", { name: "Erase" }).click();
    await page.getByText("Personal data erased").first().waitFor();
    const notice = page.getByText(/These backups from before the erasure of .* still hold data of the erased person: the backup of/);
    await notice.waitFor();
    await page.getByRole("button", { name: "Delete them" }).click();
    await page.getByRole("alertdialog", { name: "Delete the backups made before the erasure?" }).getByRole("button", { name: "Delete them" }).click();
    await page.getByText("Old backups deleted").first().waitFor();
    await notice.waitFor({ state: "detached" });

    await page.getByLabel("Person's e-mail address").fill("zelda.quixote@example.org");
    await page.getByRole("button", { name: "Export their data" }).click();
    await page.getByText("Nothing is held about this e-mail address.").first().waitFor();
    expect(await page.getByLabel("Person's e-mail address").inputValue()).toBe("zelda.quixote@example.org");
    await page.close();
  }, 120_000);

  it("the audit log under Security lists the changes with who made them, filtered by action", async () => {
    const page = await admin.newPage();
    await saveCompanyName(page, "Audited Studio");
    await goInApp(page, "/admin/settings/security/audit?domain=settings");
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    expect(await page.getByRole("link", { name: "Security", exact: true }).getAttribute("aria-current")).toBe("page");
    const row = page.getByRole("row", { name: /settings\.save-organization/ }).first();
    expect(await row.textContent()).toContain("owner@sistersite.test");
    // A day range applies with 'Filter' and keeps the chosen action; 'Clear' drops both.
    await hydrated(page);
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

describe("the Data tab's downloads", () => {
  it("ask for the password in place, and hold for 5 minutes", async () => {
    const context = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await goInApp(page, "/admin/settings/data");
    await hydrated(page);
    await page.getByText("Downloading the backup or everything asks for your password again, once every 5 minutes.").waitFor();
    await page.getByLabel("Your password").fill("wrong again");
    await page.getByRole("button", { name: "Confirm it's you" }).click();
    await page.getByText("The password is not right").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/settings/data");
    await page.getByLabel("Your password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Confirm it's you" }).click();
    await page.getByText(/^Confirmed: the downloads below work without asking again until/).waitFor();
    const answer = await context.request.get("/admin/settings/data/export", { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    await context.close();
  }, 120_000);
});
