import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { type AppServer, startAppServer } from "./support/app-server";
import { accessibilityViolations, adminContext, goInApp, hydrated, launchBrowser, openMoreMenuItem, toast } from "./support/browser";

// Issue 47, as the owner would try a working morning on a laptop and a phone (decision 050): the
// Today view, landing on what was made, keyboard-first lists, a back-office that fits a phone, and
// cadences that share a trigger.

const LAPTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

let app: AppServer;
let browser: Browser;
let laptop: BrowserContext;
let scene: Scene<"dailyUse">;

beforeAll(async () => {
  const prepared = sceneDataDir("dailyUse");
  scene = prepared.scene;
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: prepared.dataDir }), launchBrowser()]);
  laptop = await adminContext(browser, app.url, LAPTOP);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function noViolations(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/**
 * Whether the page is wider than the screen. Measured against the screen's own width: a phone
 * (isMobile) widens its layout viewport, window.innerWidth, to a page that overflows and zooms
 * out, so innerWidth grows with the overflow it was meant to reveal.
 */
const scrollsSideways = (page: Page) => page.evaluate((width) => document.documentElement.scrollWidth > width, page.viewportSize()!.width);

describe("issue 47 for the owner", () => {
  it("the dashboard's Today view lists what needs doing, above the cards, and each is done in place", async () => {
    const page = await laptop.newPage();
    await page.goto("/admin");
    const today = page.getByRole("region", { name: "Today" });
    await today.waitFor();
    // Above the specification's cards.
    const todayBox = (await today.boundingBox())!;
    const cards = (await page.getByRole("region", { name: "Key figures" }).boundingBox())!;
    expect(todayBox.y).toBeLessThan(cards.y);
    // Bookings waiting for 'Confirm' are reached from the navigation too.
    await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Bookings" }).waitFor();
    await hydrated(page);
    await noViolations(page);

    const leads = page.getByRole("region", { name: /New leads to contact/ });
    await leads.getByRole("listitem", { name: "Nina New" }).waitFor();
    await leads.getByRole("button", { name: "Mark contacted: Nina New" }).click();
    await toast(page, "Status updated");
    await leads.getByRole("listitem", { name: "Nina New" }).waitFor({ state: "detached" });

    const bookings = page.getByRole("region", { name: /Bookings to confirm/ });
    await bookings.getByRole("listitem", { name: "Bea Booked" }).getByRole("button", { name: "Confirm" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Consultation" });
    await confirm.getByLabel("Meeting link").fill("https://meet.example.test/bea");
    await noViolations(page);
    await confirm.getByRole("button", { name: "Confirm & Send" }).click();
    await toast(page, "Consultation confirmed and email sent!");
    await bookings.getByText("No booking is waiting for a meeting link.").waitFor();

    const invoices = page.getByRole("region", { name: /Invoices to collect/ });
    const ivy = invoices.getByRole("listitem", { name: scene.ivy.invoiceNumber });
    await ivy.getByText("Overdue").waitFor();
    const owed = async () => Number(/\$([\d,.]+) owed/.exec((await ivy.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
    const before = await owed();
    await invoices.getByRole("button", { name: `Record Payment for ${scene.ivy.invoiceNumber}` }).click();
    const payment = page.getByRole("dialog", { name: `Record a payment for ${scene.ivy.invoiceNumber}` });
    await payment.getByLabel("Amount ($)").fill("100");
    await payment.getByRole("button", { name: "Record Payment" }).click();
    await toast(page, "Payment recorded");
    // Part-paid now: still to collect, with what is still owed.
    await ivy.getByText("Part-paid").waitFor();
    expect(await owed()).toBe(before - 100);
    await page.close();
  });

  it("lands on what was just made or opened: 'View Client' after a conversion, a new project at its top, the client's page led by its calls, projects and invoices", async () => {
    const page = await laptop.newPage();
    await page.goto(`/admin/leads/${scene.cora}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Convert to Client" }).click();
    await toast(page, "Cora Convert converted to customer successfully");
    await page.getByRole("link", { name: "View Client" }).click();
    await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Cora Convert" }).waitFor();

    // The client's page: the next call, then projects and invoices, then who the client is.
    const nextCall = (await page.getByRole("region", { name: "Next call" }).boundingBox())!;
    const tabs = (await page.getByRole("tablist").boundingBox())!;
    const contact = (await page.getByText("Contact Information").boundingBox())!;
    expect(nextCall.y).toBeLessThan(tabs.y);
    expect(tabs.y).toBeLessThan(contact.y);
    // Its destructive actions are in a menu, not beside Edit.
    expect(await page.getByRole("button", { name: "Delete", exact: true }).count()).toBe(0);
    await hydrated(page);
    await noViolations(page);

    // A project made from here opens, at its top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "New Project" }).click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await dialog.getByLabel("Project name").fill("Cora's menu site");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { level: 1, name: "Cora's menu site" }).waitFor();
    expect(page.url()).toMatch(/\/admin\/projects\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it("drives the leads list from the keyboard: / searches as you type, j and k move, Enter opens, Ctrl+K jumps, ? shows the shortcuts", async () => {
    const page = await laptop.newPage();
    await page.goto("/admin/leads");
    await hydrated(page);
    const search = page.getByRole("searchbox", { name: "Search by name, email or promo code" });
    await page.keyboard.press("/");
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    // Typing filters, the URL keeps the view, and j typed into the box is a letter, not a move.
    await page.keyboard.type("lena list 0j");
    expect(await search.inputValue()).toBe("lena list 0j");
    for (let index = 0; index < 2; index += 1) await page.keyboard.press("Backspace");
    await page.waitForURL((url) => url.searchParams.get("q") === "lena list ");
    await search.fill("lena list 0");
    await page.waitForURL((url) => url.searchParams.get("q") === "lena list 0");
    const rows = page.getByRole("table", { name: "Leads" }).locator("tbody tr");
    await page.waitForFunction(() => document.querySelectorAll("table[aria-label=Leads] tbody tr").length === 9);
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await noViolations(page);

    // Out of the box, j and k move through the rows; Enter opens the one reached.
    await search.evaluate((element: HTMLElement) => element.blur());
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    const focused = await page.evaluate(() => [...document.querySelectorAll("table[aria-label=Leads] tbody tr")].indexOf(document.activeElement as Element));
    expect(focused).toBe(1);
    const name = (await rows.nth(1).getByRole("link").first().textContent()) ?? "";
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name }).waitFor();

    // Ctrl+K from anywhere (a field included): a page by its name, a record by its name.
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Jump to" });
    await palette.getByRole("combobox", { name: "Page or name" }).fill("bookings");
    await palette.getByRole("option", { name: /^Bookings/ }).waitFor();
    await noViolations(page);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/bookings");
    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", { name: "Page or name" }).fill("Pia Phone");
    await page.getByRole("option", { name: /Pia Phone-Friendly.*Client/ }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `/admin/clients/${scene.pia.clientId}`);

    // ? shows every shortcut; typing ? into a field does not.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Search the list on this page").waitFor();
    await noViolations(page);
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });
    await page.getByLabel("Internal notes").focus();
    await page.keyboard.type("?");
    expect(await page.getByRole("dialog", { name: "Keyboard shortcuts" }).count()).toBe(0);
    await page.close();
  });

  it("fits a phone: no admin page scrolls sideways at 390 px, a list's first rows are on the first screen, destructive actions are in a menu", async () => {
    const phone = await adminContext(browser, app.url, PHONE);
    const page = await phone.newPage();
    const pages = [
      "/admin",
      "/admin/leads",
      `/admin/leads/${scene.bea}`,
      "/admin/leads/import",
      "/admin/clients",
      `/admin/clients/${scene.pia.clientId}`,
      "/admin/projects",
      "/admin/projects?layout=board",
      "/admin/projects/new",
      `/admin/projects/${scene.pia.projectId}`,
      "/admin/invoices",
      "/admin/invoices/new",
      `/admin/invoices/${scene.ivy.invoiceId}`,
      "/admin/add-ons",
      "/admin/availability",
      "/admin/availability?tab=rules",
      "/admin/consultations",
      "/admin/consultations?tab=invitations",
      "/admin/bookings",
      "/admin/templates",
      "/admin/templates/new",
      `/admin/templates/${scene.templateId}`,
      "/admin/emails",
      `/admin/emails/${scene.messageId}`,
      "/admin/emails/suppressions",
      "/admin/cadences",
      `/admin/cadences/${scene.cadenceId}`,
      "/admin/testing",
      "/admin/analytics",
      "/admin/campaigns",
      `/admin/campaigns/${scene.campaignId}`,
      "/admin/referrals",
      "/admin/settings/organization",
      "/admin/settings/email",
      "/admin/settings/promos",
      "/admin/settings/security",
      "/admin/settings/security/audit",
      "/admin/settings/data",
    ];
    const sideways: string[] = [];
    // Page to page as the app's links go (a full load each would only add Chromium's parsing).
    await page.goto("/admin");
    await hydrated(page);
    for (const path of pages) {
      await goInApp(page, path);
      await page.locator("main h1").first().waitFor();
      if (await scrollsSideways(page)) sideways.push(path);
    }
    expect(sideways).toEqual([]);
    // A message's text version, unfolded: its long link wraps too, and its box, which scrolls, takes the focus.
    await page.goto(`/admin/emails/${scene.messageId}`);
    await page.getByText("Text version").tap();
    await page.getByText(/Your catalogue: https:/).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await noViolations(page);

    // An empty list's message is on the screen, not centred across the whole width of a table that scrolls sideways.
    await page.goto("/admin/leads?q=no-such-lead");
    const empty = page.getByText("No leads match these filters.");
    await empty.waitFor();
    const emptyBox = (await empty.boundingBox())!;
    expect(emptyBox.x).toBeGreaterThanOrEqual(0);
    expect(emptyBox.x + emptyBox.width).toBeLessThanOrEqual(390);

    // A list's figures and filters fold away: its first rows are on the first screen.
    for (const path of ["/admin/leads", "/admin/clients", "/admin/invoices", "/admin/consultations"]) {
      await page.goto(path);
      const firstRow = page.locator("table tbody tr").first();
      await firstRow.waitFor();
      expect((await firstRow.boundingBox())!.y, path).toBeLessThan(844);
    }
    await page.goto("/admin/leads");
    await hydrated(page);
    await page.getByRole("button", { name: /^Figures and filters/ }).tap();
    await page.getByRole("searchbox", { name: "Search by name, email or promo code" }).waitFor();
    await noViolations(page);

    // Destructive buttons live in a menu: none beside the everyday ones on a record's page.
    for (const path of [`/admin/clients/${scene.pia.clientId}`, `/admin/projects/${scene.pia.projectId}`, `/admin/templates/${scene.templateId}`, `/admin/leads/${scene.bea}`]) {
      await page.goto(path);
      await hydrated(page);
      expect(await page.getByRole("button", { name: /^(Delete|Erase personal data)$/ }).count(), path).toBe(0);
      await noViolations(page);
      await page.getByRole("button", { name: /^More actions for / }).tap();
      await page.getByRole("menuitem", { name: "Delete" }).waitFor();
      await page.keyboard.press("Escape");
    }
    await openMoreMenuItem(page, "Delete");
    await page.getByRole("alertdialog", { name: "Delete this lead?" }).getByRole("button", { name: "Cancel" }).tap();
    await phone.close();
  }, 240_000);

  it("flags cadences that share a trigger where they are saved and listed, with what a new lead gets in its first day", async () => {
    const page = await laptop.newPage();
    await page.goto("/admin/cadences");
    expect(await page.getByRole("region", { name: "Cadences that share a trigger" }).count()).toBe(0);
    await goInApp(page, "/admin/cadences/new");
    await hydrated(page);
    await page.locator("input[name=name]").fill("Second welcome");
    // The trigger chosen already shares: the editor says so before it is saved.
    await page.getByRole("combobox", { name: "Trigger" }).selectOption("promo_claimed");
    const warning = page.getByRole("status").filter({ hasText: "active cadences start on “Promo claimed”" });
    await warning.waitFor();
    await page.getByRole("combobox", { name: /Template/ }).first().selectOption({ label: "Promo welcome" });
    await noViolations(page);
    await page.getByRole("button", { name: "Create Cadence" }).click();
    await toast(page, "Cadence created");
    await page.getByText("2 active cadences start on “Promo claimed”: a new lead gets 2 e-mails from them in its first day.").first().waitFor();
    const listed = page.getByRole("region", { name: "Cadences that share a trigger" });
    await listed.getByRole("list", { name: "What a new lead gets in its first day on “Promo claimed”" }).getByRole("listitem").nth(1).waitFor();
    expect(await page.getByRole("table", { name: "Cadences" }).getByText("Shared").count()).toBe(2);
    await noViolations(page);
    await page.close();
    // On a phone the warning is not folded away with a list's figures and filters.
    const phone = await adminContext(browser, app.url, PHONE);
    const small = await phone.newPage();
    await small.goto("/admin/cadences");
    const notice = small.getByRole("region", { name: "Cadences that share a trigger" });
    expect((await notice.boundingBox())!.y).toBeLessThan(844);
    await phone.close();
  });
});
