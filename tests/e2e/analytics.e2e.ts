import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, downloadedBytes, goInApp, launchBrowser } from "./support/browser";

let app: AppServer;
let browser: Browser;
let dataDir: string;
let page: Page;

beforeAll(async () => {
  ({ dataDir } = sceneDataDir("analytics"));
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir }), launchBrowser()]);
  const context = await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function totalLeads(): Promise<string> {
  const text = (await page.getByRole("region", { name: "Lead counts" }).textContent()) ?? "";
  return text.match(/Total Leads(\d+)/)?.[1] ?? "";
}

describe("analytics & reports", () => {
  it("switches between 7, 30 and 90 days, draws the charts and downloads their numbers", async () => {
    await goInApp(page, "/admin/analytics");
    await page.getByRole("heading", { level: 1, name: "Analytics & Reports" }).waitFor();
    // 30 days by default.
    expect(await page.getByRole("link", { name: "30 days" }).getAttribute("aria-current")).toBe("page");
    expect(await totalLeads()).toBe("3");
    const sources = page.getByRole("region", { name: "Leads by source" });
    expect(await sources.locator("svg[role=img] rect").count()).toBeGreaterThan(0);
    expect(await page.locator("[data-chart-card] svg[role=img]").count()).toBe(7);
    await page.getByRole("region", { name: "Revenue per week" }).getByText("$249.00", { exact: false }).first().waitFor();

    await page.getByRole("link", { name: "7 days" }).click();
    await page.waitForURL(/period=7/);
    await page.getByRole("link", { name: "7 days", exact: true }).and(page.locator("[aria-current=page]")).waitFor();
    expect(await totalLeads()).toBe("2");
    // No payment in the last 7 days: the revenue chart says so instead of drawing empty bars.
    await page.getByText("No payment received in the last 7 days.").waitFor();

    await page.getByRole("link", { name: "90 days" }).click();
    await page.waitForURL(/period=90/);
    await page.getByRole("link", { name: "90 days", exact: true }).and(page.locator("[aria-current=page]")).waitFor();
    expect(await totalLeads()).toBe("4");

    // The funnel's table is the chart's text alternative.
    const funnel = page.getByRole("region", { name: "Funnel" });
    await funnel.getByText("Show as table").click();
    expect(await funnel.getByRole("row", { name: /Clients/ }).textContent()).toContain("25%");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV: Leads by source" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^analytics-leads-by-source-90d-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await downloadedBytes(download)).toString("utf8").replace(/^\uFEFF/, "");
    const [header, ...rows] = csv.trim().split("\n");
    expect(header?.startsWith("Day,")).toBe(true);
    expect(header?.endsWith(",Total")).toBe(true);
    expect(rows).toHaveLength(90);
    expect(rows.reduce((sum, row) => sum + Number(row.split(",").at(-1)), 0)).toBe(4);
  });

  it("shows a chart's CSV only to admins and answers 404 for an unknown chart", async () => {
    const known = await page.request.get("/admin/analytics/funnel.csv?period=7");
    expect(known.status()).toBe(200);
    expect(await known.text()).toContain("Step,Leads");
    const unknown = await page.request.get("/admin/analytics/nothing.csv");
    expect(unknown.status()).toBe(404);
  });
});
