import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, goInApp, hydrated, launchBrowser, popupSeenVisitor, toast } from "./support/browser";

let app: AppServer;
let browser: Browser;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 } });
  page = await admin.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A visitor without JavaScript: the first-touch cookie is set by the server, the claim posts the packages page's own form. */
async function visitorClaims(landing: string, name: string, email: string): Promise<string> {
  const visitor = await popupSeenVisitor(browser, app.url, { javaScriptEnabled: false });
  const site = await visitor.newPage();
  await goInApp(site, landing);
  const touch = (await visitor.cookies()).find((cookie) => cookie.name === "first_touch");
  expect(touch).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // Another page of the visit, then the claim: the cookie keeps the attribution across pages.
  await goInApp(site, "/packages");
  const claim = site.locator("#claim");
  await claim.getByLabel("Full name").fill(name);
  await claim.getByLabel("Email").fill(email);
  await claim.getByLabel("Phone").fill("214-555-0190");
  await claim.getByRole("button", { name: "Claim My $99 Website" }).click();
  const code = (await site.getByTestId("promo-code").textContent())?.trim() ?? "";
  await visitor.close();
  return code;
}

describe("campaigns", () => {
  it("creates a campaign, a visitor arrives through its link and claims the offer, and the lead shows in its details", async () => {
    await goInApp(page, "/admin/campaigns");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Marketing Campaigns" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    await page.getByRole("button", { name: "Create Campaign" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Campaign" });
    // Refused without a name: the dialog stays open with the message.
    await dialog.getByRole("button", { name: "Create Campaign" }).click();
    await dialog.getByText("Name is required").waitFor();
    await dialog.locator("input[name=name]").fill("Spring Launch");
    expect(await dialog.getByLabel("Link name").inputValue()).toBe("spring-launch");
    await dialog.getByLabel("Offer title").fill("$99 Launch Website");
    await dialog.getByLabel("Start date").fill("2026-11-20");
    await dialog.getByLabel("Promo duration (days)").fill("14");
    await dialog.getByLabel("Status").selectOption("active");
    await dialog.getByRole("button", { name: "Create Campaign" }).click();
    await page.waitForURL(/\/admin\/campaigns\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: /Spring Launch/ }).waitFor();
    const link = await page.getByLabel("Campaign link").inputValue();
    expect(link).toMatch(/\/\?campaign=spring-launch$/);

    const code = await visitorClaims("/?campaign=spring-launch", "Vera Visitor", "vera@example.com");
    expect(code).toMatch(/^LAUNCH-/);

    await page.reload();
    await hydrated(page);
    const leadsTable = page.getByRole("table", { name: "Leads from this campaign" });
    await leadsTable.getByRole("link", { name: "Vera Visitor" }).waitFor();
    const figures = page.getByLabel("Campaign figures");
    expect(await figures.textContent()).toMatch(/Leads1/);

    // The list counts it too; delete asks first.
    await goInApp(page, "/admin/campaigns");
    await hydrated(page);
    const row = page.getByRole("row", { name: /Spring Launch/ });
    expect(await row.textContent()).toContain("$99 Launch Website");
    await page.getByRole("button", { name: "Actions for Spring Launch" }).click();
    await page.getByRole("menuitem", { name: "View Details" }).waitFor();
    await page.keyboard.press("Escape");
  }, 240_000);

  it("previews a campaign e-mail's recipients before it is sent, edits and deletes the campaign, and a missing one returns to the list with 'Campaign not found'", async () => {
    await goInApp(page, "/admin/campaigns");
    await hydrated(page);
    await page.getByRole("link", { name: "Spring Launch" }).click();
    await page.getByRole("heading", { level: 1, name: /Spring Launch/ }).waitFor();
    await hydrated(page);

    // Sending asks for a preview first; changing the segment asks for a new one.
    await page.getByRole("button", { name: "Send campaign e-mail" }).click();
    const send = page.getByRole("dialog", { name: "Send campaign e-mail" });
    await send.getByRole("button", { name: "Preview recipients" }).click();
    await send.getByText("Choose a template").last().waitFor();
    await send.getByLabel("Template").selectOption({ label: "Promo welcome (your $99 code)" });
    await send.getByRole("button", { name: "Preview recipients" }).click();
    await send.getByText("1 lead(s) match; 1 will receive it.").waitFor();
    await send.getByLabel("Status").selectOption("converted");
    await send.getByText("Preview the recipients before you send.").waitFor();
    await send.getByLabel("Status").selectOption("");
    await send.getByRole("button", { name: "Preview recipients" }).click();
    await send.getByRole("button", { name: "Send to 1 lead(s)" }).click();
    await page.getByText("Campaign e-mail queued").waitFor();
    await send.waitFor({ state: "hidden" });
    await page.getByRole("listitem", { name: "Send of Promo welcome (your $99 code)" }).waitFor();

    // Edit from the list's row menu, then delete, asked first with the spec's words.
    await goInApp(page, "/admin/campaigns");
    await hydrated(page);
    await page.getByRole("button", { name: "Actions for Spring Launch" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Campaign" });
    await edit.getByLabel("Offer title").fill("$99 Spring Website");
    await edit.getByRole("button", { name: "Save Campaign" }).click();
    await page.getByText("Campaign updated").waitFor();
    await page.getByRole("row", { name: /Spring Launch.*\$99 Spring Website/ }).waitFor();
    const id = new URL((await page.getByRole("link", { name: "Spring Launch" }).getAttribute("href")) ?? "", app.url).pathname.split("/").at(-1);
    await page.getByRole("button", { name: "Actions for Spring Launch" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this campaign?" });
    await confirm.getByText("You are about to delete 1 item. This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Campaign deleted").waitFor();
    await page.getByText("No campaigns yet. Create one and share its link.").waitFor();

    // Its page is gone: its link leads back to the list, which says so.
    await goInApp(page, `/admin/campaigns/${id}`);
    await page.waitForURL(/\/admin\/campaigns$/);
    await page.getByRole("heading", { level: 1, name: "Marketing Campaigns" }).waitFor();
    await toast(page, "Campaign not found");
  }, 240_000);
});

describe("referrals", () => {
  it("follows a referral from the client's link to a paid commission", async () => {
    await goInApp(page, "/admin/clients");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Client" }).click();
    const add = page.getByRole("dialog", { name: "Add Client" });
    await add.getByLabel("Name").fill("Rosa Referrer");
    await add.getByLabel("Email").fill("rosa@referrer.test");
    await add.getByRole("button", { name: "Add Client" }).click();
    await toast(page, "Client added successfully");
    await goInApp(page, "/admin/clients?q=rosa");
    await page.getByRole("link", { name: "Rosa Referrer" }).click();
    await page.getByRole("heading", { level: 1, name: "Rosa Referrer" }).waitFor();
    const referralLink = await page.getByLabel("Referral link").inputValue();
    const ref = new URL(referralLink).searchParams.get("ref") ?? "";
    expect(ref).toMatch(/^[2-9A-Z]{8}$/);

    await visitorClaims(`/about?ref=${ref}`, "Fay Friend", "fay@friend.test");

    await goInApp(page, "/admin/referrals");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Referrals Tracker" }).waitFor();
    const row = page.getByRole("row", { name: /Rosa Referrer/ });
    expect(await row.textContent()).toContain("pending");

    // The referred lead becomes a client: the referral is converted at the settings' 10 %.
    await goInApp(page, "/admin/leads?q=fay");
    await hydrated(page);
    await page.getByRole("button", { name: "Actions for Fay Friend" }).click();
    await page.getByRole("menuitem", { name: "Convert to Client" }).click();
    await page.getByText("Fay Friend converted to customer successfully").waitFor();
    await goInApp(page, "/admin/referrals");
    await hydrated(page);
    expect(await row.textContent()).toMatch(/Fay Friend.*converted.*10%.*Awaiting first payment/);

    // Her first invoice is paid: the commission is 10 % of it ($99 promo price → $9.90).
    await goInApp(page, "/admin/clients?q=fay");
    await page.getByRole("link", { name: "Fay Friend" }).click();
    await page.getByRole("heading", { level: 1, name: "Fay Friend" }).waitFor();
    await hydrated(page);
    await page.getByRole("tab", { name: /Invoices/ }).click();
    await page.getByRole("link", { name: /INV-/ }).first().click();
    await page.waitForURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Record Payment" }).click();
    await page.getByText("Payment recorded").waitFor();

    await goInApp(page, "/admin/referrals");
    await hydrated(page);
    expect(await row.textContent()).toContain("$9.90");
    await row.getByRole("button", { name: /Mark paid/ }).click();
    await page.getByText("Commission marked paid").waitFor();
    await row.getByText("Paid", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /Mark unpaid/ }).count()).toBe(1);

    // The referrer's page lists it.
    await goInApp(page, "/admin/clients?q=rosa");
    await page.getByRole("link", { name: "Rosa Referrer" }).click();
    const list = page.getByRole("table", { name: "Referrals by this client" });
    await list.getByText("Fay Friend").waitFor();
    expect(await list.textContent()).toContain("$9.90");
  }, 240_000);
});
