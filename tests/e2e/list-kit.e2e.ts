import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, goInApp, hydrated, launchBrowser } from "./support/browser";

// The list kit (app/lists/, decision 031) on two lists that share nothing else: what it does once,
// every list does the same way — the search in the URL, paging by keyset, the "N selected" bar and
// the spec's delete confirmation.
let app: AppServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  const { dataDir } = sceneDataDir("longLists");
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir }), launchBrowser()]);
  admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 } });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type ListUnderTest = { path: string; table: string; recordPath: string; noun: string; plural: string };

const LISTS: ListUnderTest[] = [
  { path: "/admin/leads", table: "Leads", recordPath: "/admin/leads/", noun: "lead", plural: "leads" },
  { path: "/admin/projects?layout=table", table: "Projects", recordPath: "/admin/projects/", noun: "project", plural: "projects" },
];

type ShownRow = { name: string; href: string };

/** The rows the table shows: each by the link to its record (names repeat in the demo data). */
async function shownRows(page: Page, list: ListUnderTest): Promise<ShownRow[]> {
  const links = page.getByRole("table", { name: list.table }).locator(`tbody tr a[href^="${list.recordPath}"]`);
  return links.evaluateAll((elements) => elements.map((element) => ({ name: element.textContent?.trim() ?? "", href: element.getAttribute("href") ?? "" })));
}

const hrefs = (rows: ShownRow[]) => rows.map((row) => row.href);

describe.each(LISTS)("the list kit on $path", (list) => {
  it("pages by keyset, keeps its search in the URL, and deletes the selected rows after the spec's confirmation", async () => {
    const page = await admin.newPage();
    await goInApp(page, list.path);
    await hydrated(page);
    const pages = page.getByRole("navigation", { name: "Pages" });

    // Paging: the next page holds other rows, and Previous brings the first page back.
    const first = hrefs(await shownRows(page, list));
    expect(first.length).toBe(25);
    await pages.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/after=/);
    await expect.poll(async () => hrefs(await shownRows(page, list))).not.toEqual(first);
    const second = hrefs(await shownRows(page, list));
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((href) => first.includes(href))).toEqual([]);
    await pages.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL(/before=/);
    await expect.poll(async () => hrefs(await shownRows(page, list))).toEqual(first);

    // The search is the URL's: a reload shows the same rows, and Clear shows them all again.
    const wanted = (await shownRows(page, list))[3]!;
    await page.getByRole("searchbox").fill(wanted.name);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === wanted.name);
    await expect.poll(async () => hrefs(await shownRows(page, list))).toContain(wanted.href);
    await page.reload();
    await hydrated(page);
    const found = await shownRows(page, list);
    expect(hrefs(found)).toContain(wanted.href);
    expect(found.length).toBeLessThan(25);
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await expect.poll(async () => (await shownRows(page, list)).length).toBe(25);

    // Two rows ticked: the bar counts them; Cancel deletes nothing; Delete removes exactly them.
    const [one, two] = (await shownRows(page, list)).slice(0, 2) as [ShownRow, ShownRow];
    for (const row of [one, two]) await page.locator("tbody tr", { has: page.locator(`a[href="${row.href}"]`) }).getByRole("checkbox").check();
    await page.getByText("2 selected", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    const confirmation = page.getByRole("alertdialog", { name: `Delete selected ${list.plural}?` });
    await confirmation.getByText("You are about to delete 2 items. This action cannot be undone.").waitFor();
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    await confirmation.waitFor({ state: "detached" });
    expect(hrefs(await shownRows(page, list))).toEqual(expect.arrayContaining([one.href, two.href]));

    await page.getByRole("button", { name: "Delete Selected" }).click();
    await confirmation.getByRole("button", { name: "Delete" }).click();
    await confirmation.waitFor({ state: "detached" });
    await page.getByText("2 selected", { exact: true }).waitFor({ state: "detached" });
    await expect.poll(async () => hrefs(await shownRows(page, list))).not.toContain(one.href);
    await page.reload();
    const after = hrefs(await shownRows(page, list));
    expect(after).not.toContain(one.href);
    expect(after).not.toContain(two.href);
    await page.close();
  }, 120_000);
});

describe("a row's menu", () => {
  it("deletes its one row after the spec's confirmation", async () => {
    const list = LISTS[0]!;
    const page = await admin.newPage();
    await goInApp(page, list.path);
    await hydrated(page);
    const [row] = await shownRows(page, list);
    await page.locator("tbody tr", { has: page.locator(`a[href="${row!.href}"]`) }).getByRole("button", { name: `Actions for ${row!.name}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirmation = page.getByRole("alertdialog", { name: `Delete this ${list.noun}?` });
    await confirmation.getByText("You are about to delete 1 item. This action cannot be undone.").waitFor();
    await confirmation.getByRole("button", { name: "Delete" }).click();
    await confirmation.waitFor({ state: "detached" });
    await expect.poll(async () => hrefs(await shownRows(page, list))).not.toContain(row!.href);
    await page.close();
  }, 60_000);
});
