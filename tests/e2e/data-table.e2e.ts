import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { sceneDataDir, SECOND_ADMIN } from "../support/scene-data-dir";
import { adminContext, goInApp, hydrated, launchBrowser } from "./support/browser";

// The shared data table on a laptop (1366 × 850): how much of the leads list shows, the "Columns"
// menu remembered per admin on the server, and the header and name column staying in view.

const LAPTOP = { width: 1366, height: 850 };

let app: AppServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  ({ dataDir } = sceneDataDir("dataTable"));
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir }), launchBrowser()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(page: Page, url: string) {
  await goInApp(page, url);
  await hydrated(page);
}

const leadsTable = (page: Page) => page.getByRole("table", { name: "Leads" });
const headers = async (page: Page) => (await leadsTable(page).locator("thead th").allTextContents()).map((text) => text.trim());

/** Columns whose header is wholly inside the table's box and the window; rows wholly inside the window. */
async function measure(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const table = document.querySelector("table[aria-label=Leads]");
    const box = table?.parentElement?.getBoundingClientRect();
    if (!table || !box) throw new Error("no leads table");
    const right = Math.min(box.right, window.innerWidth);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const heads = [...table.querySelectorAll("thead th")];
    const shown = heads.filter((th) => {
      const rect = th.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= right + 1;
    });
    const rows = [...table.querySelectorAll("tbody tr")].filter((tr) => {
      const rect = tr.getBoundingClientRect();
      return rect.top >= Math.max(0, box.top) && rect.bottom <= bottom + 1;
    });
    return {
      // The select box column has no header text: it is not one of the list's columns.
      columns: shown.map((th) => th.textContent?.trim() ?? "").filter(Boolean),
      rows: rows.length,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

describe("the data table on a laptop", () => {
  it("shows most of the leads list at 1366 × 850 without widening the page", async () => {
    const context = await adminContext(browser, app.url, { viewport: LAPTOP });
    const page = await context.newPage();
    await open(page, "/admin/leads");
    const atTop = await measure(page);
    await page.evaluate(() => document.querySelector("table[aria-label=Leads]")?.parentElement?.scrollIntoView({ behavior: "instant" }));
    const atTable = await measure(page);
    console.log(`1366×850 leads list: ${atTable.columns.length} of 12 columns fully visible (${atTable.columns.join(", ")}); rows in view: ${atTop.rows} at the page's top, ${atTable.rows} with the table scrolled to`);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "leads-1366x850.png") });
    expect(atTable.pageWidth).toBeLessThanOrEqual(LAPTOP.width);
    // Before the compact table (rows 65–85 px tall, names wrapping): 5 columns and about 10 rows.
    expect(atTable.columns.length).toBeGreaterThanOrEqual(6);
    expect(atTable.rows).toBeGreaterThanOrEqual(18);
    await context.close();
  });

  it("keeps the header and the name column in view while the table scrolls", async () => {
    const context = await adminContext(browser, app.url, { viewport: LAPTOP });
    const page = await context.newPage();
    await open(page, "/admin/leads");
    const box = leadsTable(page).locator("xpath=..");
    await box.scrollIntoViewIfNeeded();
    await box.evaluate((element) => element.scrollTo({ top: 400, left: 2000 }));
    const positions = await box.evaluate((element) => {
      const container = element.getBoundingClientRect();
      const nameHeader = [...element.querySelectorAll("thead th")].find((th) => th.textContent?.trim().startsWith("Name"));
      const firstVisibleRow = [...element.querySelectorAll("tbody tr")].find((tr) => tr.getBoundingClientRect().top >= container.top + 30);
      const nameCell = firstVisibleRow?.querySelectorAll("td")[1];
      return {
        scrolled: { top: element.scrollTop, left: element.scrollLeft },
        container: { top: container.top, left: container.left },
        header: nameHeader?.getBoundingClientRect().toJSON() as DOMRect | undefined,
        nameCell: nameCell?.getBoundingClientRect().toJSON() as DOMRect | undefined,
        nameBackground: nameCell ? getComputedStyle(nameCell).backgroundColor : "",
      };
    });
    expect(positions.scrolled.top).toBeGreaterThan(0);
    expect(positions.scrolled.left).toBeGreaterThan(0);
    // The header row still sits at the top of the table's box, inside the window.
    expect(Math.abs((positions.header?.top ?? -1) - positions.container.top)).toBeLessThanOrEqual(2);
    expect(positions.header?.top ?? -1).toBeGreaterThanOrEqual(0);
    // The name column still sits at the left, just after the select box column (2.5rem).
    expect(Math.abs((positions.nameCell?.left ?? -1) - (positions.container.left + 41))).toBeLessThanOrEqual(2);
    // Opaque, so the columns scrolling under it do not show through.
    expect(positions.nameBackground).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    await context.close();
  });

  it("hides a column from the Columns menu at once, remembers it for this admin only, and renders without it", async () => {
    const context = await adminContext(browser, app.url, { viewport: LAPTOP });
    const page = await context.newPage();
    await open(page, "/admin/leads");
    expect(await headers(page)).toContain("Phone");

    await page.getByRole("button", { name: "Columns of Leads" }).click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    // The first column is listed, ticked and cannot be hidden.
    expect(await menu.getByRole("menuitemcheckbox", { name: "Name" }).getAttribute("aria-disabled")).toBe("true");
    const phone = menu.getByRole("menuitemcheckbox", { name: "Phone" });
    expect(await phone.getAttribute("aria-checked")).toBe("true");
    const saved = page.waitForResponse((response) => response.url().includes("/admin/table-columns") && response.request().method() === "POST");
    await phone.focus();
    await page.keyboard.press("Enter");
    // Optimistic: gone before the server answers, and the menu stays open for the next choice.
    await expect.poll(async () => (await headers(page)).includes("Phone")).toBe(false);
    expect((await saved).status()).toBe(200);
    expect(await phone.getAttribute("aria-checked")).toBe("false");
    await page.keyboard.press("Escape");

    await page.reload();
    await hydrated(page);
    expect(await headers(page)).not.toContain("Phone");
    expect(await headers(page)).toContain("Email");

    // The server's first render already leaves it out (no flash): read without JavaScript.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState(), baseURL: app.url });
    const plainPage = await plain.newPage();
    await goInApp(plainPage, "/admin/leads");
    expect((await headers(plainPage)).some((text) => text === "Phone")).toBe(false);
    await plain.close();

    // Another admin still sees every column.
    const other = await adminContext(browser, app.url, { viewport: LAPTOP }, SECOND_ADMIN);
    const otherPage = await other.newPage();
    await open(otherPage, "/admin/leads");
    expect(await headers(otherPage)).toContain("Phone");
    await other.close();

    // Shown again from the same menu.
    await page.getByRole("button", { name: "Columns of Leads" }).click();
    await page.getByRole("menu").getByRole("menuitemcheckbox", { name: "Phone" }).click();
    await expect.poll(async () => (await headers(page)).includes("Phone")).toBe(true);
    await context.close();
  });
});
