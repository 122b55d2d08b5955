import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysToDate } from "~/availability/slot-time";
import { dayIn } from "~/formatting/dates";
import { type AppServer, startAppServer } from "./support/app-server";
import { sceneDataDir } from "../support/scene-data-dir";
import { adminContext, goInApp, hydrated, launchBrowser, openMoreMenuItem, toast } from "./support/browser";

let app: AppServer;
let browser: Browser;
let admin: BrowserContext;

let dataDir: string;

beforeAll(async () => {
  // A client with a discovery call to link, written before the app takes the data directory.
  ({ dataDir } = sceneDataDir("discoveryCall"));
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir }), launchBrowser()]);
  admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await app?.stop();
});

async function addClient(page: Page, name: string, email: string, tier: string) {
  await goInApp(page, "/admin/clients");
  await page.getByRole("heading", { name: "Clients Directory" }).waitFor();
  await page.getByRole("button", { name: "Add Client" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Client" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Tier").selectOption(tier);
  await dialog.getByRole("button", { name: "Add Client" }).click();
  // A toast from an earlier client may still be showing beside this one.
  await toast(page, "Client added successfully");
  await dialog.waitFor({ state: "detached" });
}

describe("clients", () => {
  it("adds a client, who starts with a draft invoice, and opens them from the directory", async () => {
    const page = await admin.newPage();
    await addClient(page, "Bloom Florals", "hi@bloom-florals.test", "2");
    const row = page.getByRole("row", { name: /Bloom Florals/ });
    expect(await row.textContent()).toContain("hi@bloom-florals.test");
    await row.getByRole("cell", { name: "hi@bloom-florals.test" }).click();
    await page.getByRole("heading", { level: 1, name: "Bloom Florals" }).waitFor();
    await page.getByRole("tab", { name: /Invoices/ }).click();
    const invoice = page.getByRole("tabpanel").getByRole("row", { name: /INV-/ });
    expect(await invoice.textContent()).toMatch(/draft.*\$249\.00/);
    await page.close();
  });

  it("an inline status change and the internal notes survive a reload", async () => {
    const page = await admin.newPage();
    await addClient(page, "Party Palace Rentals", "book@partypalace.test", "1");
    await page.getByRole("combobox", { name: "Status of Party Palace Rentals", exact: true }).selectOption("paused");
    await page.getByText("Status updated").waitFor();
    await page.getByRole("combobox", { name: "Payment status of Party Palace Rentals" }).selectOption("partial");
    await page.getByText("Payment status updated").waitFor();
    await page.reload();
    expect(await page.getByRole("combobox", { name: "Status of Party Palace Rentals", exact: true }).inputValue()).toBe("paused");
    expect(await page.getByRole("combobox", { name: "Payment status of Party Palace Rentals" }).inputValue()).toBe("partial");

    await page.getByRole("link", { name: "Party Palace Rentals" }).click();
    await page.getByRole("heading", { level: 1, name: "Party Palace Rentals" }).waitFor();
    await page.getByLabel("Internal notes").fill("Prefers calls after 3pm.\nBounce house photos coming Friday.");
    await page.getByRole("button", { name: "Save Notes" }).click();
    await page.getByText("Notes saved").waitFor();
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("Internal notes").inputValue()).toBe("Prefers calls after 3pm.\nBounce house photos coming Friday.");

    // A new project from the client's page: refused without a name, the dialog stays open with the message.
    await page.getByRole("button", { name: "New Project" }).click();
    const projectDialog = page.getByRole("dialog", { name: "New Project" });
    await projectDialog.getByRole("button", { name: "Create Project" }).click();
    await projectDialog.getByText("Please enter a project name").waitFor();
    await projectDialog.getByLabel("Project name").fill("Rental catalog site");
    await projectDialog.getByRole("button", { name: "Create Project" }).click();
    await page.getByText("Project created successfully").waitFor();
    // The new project opens (decision 050).
    await page.getByRole("heading", { level: 1, name: "Rental catalog site" }).waitFor();
    await page.close();
  });

  it("deletes a client whose only invoice is its unsent draft, saying so; one with a sent invoice is archived instead", async () => {
    const page = await admin.newPage();
    await addClient(page, "Olive Grove Deli", "hi@olivegrove.test", "1");
    await page.getByRole("link", { name: "Olive Grove Deli" }).click();
    await page.getByRole("heading", { level: 1, name: "Olive Grove Deli" }).waitFor();
    await page.getByRole("tab", { name: /Invoices/ }).click();
    const draftNumber = /INV-\d+/.exec((await page.getByRole("tabpanel").getByRole("row", { name: /INV-/ }).textContent()) ?? "")?.[0] ?? "";
    expect(draftNumber).not.toBe("");
    await hydrated(page);
    await openMoreMenuItem(page, "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Delete Olive Grove Deli?" });
    expect(await confirm.textContent()).toContain("This permanently deletes the client with their projects, consultations and 1 unsent draft invoice. This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete Client" }).click();
    await page.getByText("Client deleted successfully").waitFor();
    await page.waitForURL(/\/admin\/clients$/);
    expect(await page.getByRole("row", { name: /Olive Grove Deli/ }).count()).toBe(0);
    await goInApp(page, "/admin/invoices");
    await page.getByRole("table").first().waitFor();
    expect(await page.getByRole("main").getByText(draftNumber).count()).toBe(0);

    await addClient(page, "Mesa Verde Catering", "hello@mesaverde.test", "1");
    await page.getByRole("link", { name: "Mesa Verde Catering" }).click();
    await page.getByRole("heading", { level: 1, name: "Mesa Verde Catering" }).waitFor();

    // A consultation added here is e-mailed to the client on request.
    await page.getByRole("tab", { name: /Consultations/ }).click();
    await page.getByRole("button", { name: "Add Consultation" }).click();
    const consultation = page.getByRole("dialog", { name: "Add Consultation" });
    await consultation.getByLabel("Date").fill("2026-12-01");
    await consultation.getByLabel("Start").fill("10:00");
    await consultation.getByLabel("End").fill("10:30");
    await consultation.getByLabel("Meeting link").fill("https://meet.example.com/mesa");
    await consultation.getByRole("button", { name: "Add Consultation" }).click();
    await page.getByText("Consultation added successfully").waitFor();
    await page.getByRole("button", { name: "E-mail Mesa Verde Catering the consultation details" }).click();
    await page.getByText("Notification email sent").waitFor();
    // Edited in the same dialog, then deleted after asking first.
    await page.getByRole("button", { name: "Edit consultation" }).click();
    const editing = page.getByRole("dialog", { name: "Edit Consultation" });
    expect(await editing.getByLabel("Meeting link").inputValue()).toBe("https://meet.example.com/mesa");
    await editing.getByLabel("Status").selectOption("completed");
    await editing.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Consultation updated successfully").waitFor();
    await page.getByRole("tabpanel").getByRole("row", { name: /completed/ }).waitFor();
    await page.getByRole("button", { name: "Delete consultation" }).click();
    const confirmDelete = page.getByRole("alertdialog", { name: "Delete this consultation?" });
    await confirmDelete.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Consultation deleted successfully").waitFor();
    await page.getByRole("tabpanel").getByText("No consultations yet.").waitFor();

    // Its invoice is sent: a financial record now, which keeps the client.
    await page.getByRole("tab", { name: /Invoices/ }).click();
    await page.getByRole("tabpanel").getByRole("link", { name: /INV-/ }).click();
    await hydrated(page);
    await page.getByRole("button", { name: "Preview & Send" }).click();
    const send = page.getByRole("dialog", { name: "Preview & Send" });
    await send.getByRole("button", { name: "Send Invoice" }).click();
    await page.getByText("Invoice sent successfully").waitFor();
    await goInApp(page, "/admin/clients?q=mesaverde");
    await page.getByRole("link", { name: "Mesa Verde Catering" }).click();
    await page.getByRole("heading", { level: 1, name: "Mesa Verde Catering" }).waitFor();
    await hydrated(page);

    await openMoreMenuItem(page, "Delete");
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Mesa Verde Catering can't be deleted").waitFor();
    expect(await dialog.textContent()).toContain("This client has 1 sent or paid invoice.");
    // A delete posted as if the page were stale is refused by the service.
    const here = new URL(page.url()).pathname;
    const refused = await admin.request.post(here, { form: { intent: "delete" }, headers: { Origin: app.url }, maxRedirects: 0 });
    expect(refused.status()).toBe(409);
    await dialog.getByRole("button", { name: "Archive Client" }).click();
    await page.getByText("Client archived").waitFor();
    await page.reload();
    expect(await page.getByRole("main").textContent()).toContain("Archived");
    // Archived already: the confirmation says so and offers nothing more.
    await hydrated(page);
    await openMoreMenuItem(page, "Delete");
    expect(await page.getByRole("alertdialog").getByRole("button", { name: "Already Archived" }).isDisabled()).toBe(true);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await goInApp(page, "/admin/clients?status=archived");
    await page.getByRole("row", { name: /Mesa Verde Catering/ }).waitFor();
    await page.close();
  });

  it("sorts the directory by a column header, both ways, and the sort survives a reload", async () => {
    const page = await admin.newPage();
    await addClient(page, "Zephyr Tents", "zephyr@tents.test", "3");
    await addClient(page, "Acorn Bakery", "hello@acorn.test", "1");
    const table = page.getByRole("table", { name: "Clients" });
    const names = async () => (await table.locator("tbody tr td:first-child").allTextContents()).map((name) => name.trim());
    await table.getByRole("link", { name: "Name" }).click();
    await page.waitForURL(/sort=name&dir=asc/);
    await table.locator('th[aria-sort="ascending"]:has-text("Name")').waitFor();
    const ascending = await names();
    expect(ascending[0]).toBe("Acorn Bakery");
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    await table.getByRole("link", { name: "Name" }).click();
    await page.waitForURL(/sort=name&dir=desc/);
    await table.locator('th[aria-sort="descending"]:has-text("Name")').waitFor();
    expect((await names())[0]).toBe("Zephyr Tents");
    await page.reload();
    expect((await names())[0]).toBe("Zephyr Tents");
    expect(await table.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("descending");
    await page.close();
  });

  it("every dialog of the clients screens, submitted empty, stays open with its message and what was typed", async () => {
    const page = await admin.newPage();
    await goInApp(page, "/admin/clients");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Client" }).click();
    const add = page.getByRole("dialog", { name: "Add Client" });
    await add.getByLabel("Phone").fill("214-555-0100");
    await add.getByLabel("Tier").selectOption("3");
    await add.getByRole("button", { name: "Add Client" }).click();
    await add.getByText("Name is required").waitFor();
    await add.getByText("Email is required").waitFor();
    expect(await add.getByLabel("Phone").inputValue()).toBe("214-555-0100");
    expect(await add.getByLabel("Tier").inputValue()).toBe("3");
    await add.getByRole("button", { name: "Cancel" }).click();

    await addClient(page, "Empty Forms Events", "team@emptyforms.test", "2");
    await page.getByRole("link", { name: "Empty Forms Events" }).click();
    await page.getByRole("heading", { level: 1, name: "Empty Forms Events" }).waitFor();
    await hydrated(page);

    await page.getByRole("button", { name: "Edit Client" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Client" });
    await edit.getByRole("textbox", { name: "Name", exact: true }).fill("");
    await edit.getByLabel("Email").fill("");
    await edit.getByLabel("Phone").fill("214-555-0101");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("Name is required").waitFor();
    await edit.getByText("Email is required").waitFor();
    expect(await edit.getByLabel("Phone").inputValue()).toBe("214-555-0101");
    await edit.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "New Project" }).click();
    const project = page.getByRole("dialog", { name: "New Project" });
    await project.getByLabel("Tier").selectOption("4");
    await project.getByRole("button", { name: "Create Project" }).click();
    await project.getByText("Please enter a project name").waitFor();
    expect(await project.getByLabel("Tier").inputValue()).toBe("4");
    await project.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("tab", { name: /Consultations/ }).click();
    await page.getByRole("button", { name: "Add Consultation" }).click();
    const consultation = page.getByRole("dialog", { name: "Add Consultation" });
    await consultation.getByLabel("Meeting link").fill("https://meet.example.com/empty");
    await consultation.getByLabel("Notes").fill("Typed before the refusal");
    await consultation.getByRole("button", { name: "Add Consultation" }).click();
    await consultation.getByText("Choose a date").waitFor();
    expect(await consultation.getByLabel("Meeting link").inputValue()).toBe("https://meet.example.com/empty");
    expect(await consultation.getByLabel("Notes").inputValue()).toBe("Typed before the refusal");
    await consultation.getByRole("button", { name: "Cancel" }).click();
    await page.close();
  });

  it("links a discovery call to a project: without a project it stays open and says so", async () => {
    const page = await admin.newPage();
    await goInApp(page, "/admin/clients?q=discovery");
    await page.getByRole("link", { name: "Dora Discovery" }).click();
    await page.getByRole("heading", { level: 1, name: "Dora Discovery" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Link to Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Link to Project" });
    await dialog.getByRole("button", { name: "Link" }).click();
    await dialog.getByText("Please select a project").waitFor();
    await dialog.getByLabel("Project").selectOption({ index: 1 });
    await dialog.getByRole("button", { name: "Link" }).click();
    await page.getByText("Discovery call linked to project successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByText(/Linked to project PRJ-/).count()).toBeGreaterThan(0);
    await page.close();
  });

  it("answers a malformed id on a client page's intent with 400, never 500", async () => {
    const page = await admin.newPage();
    await addClient(page, "Bad Id Bakery", "bad-id@bakery.test", "1");
    await page.getByRole("link", { name: "Bad Id Bakery" }).click();
    await page.getByRole("heading", { level: 1, name: "Bad Id Bakery" }).waitFor();
    const here = new URL(page.url()).pathname;
    const post = (url: string, form: Record<string, string>) =>
      admin.request.post(url, { form, headers: { Origin: app.url }, maxRedirects: 0 });
    expect((await post(here, { intent: "delete-consultation", consultationId: "not-a-uuid" })).status()).toBe(400);
    expect((await post(here, { intent: "link-booking", bookingId: "not-a-uuid", projectId: "also-not" })).status()).toBe(400);
    expect((await post("/admin/clients/not-a-uuid", { intent: "notes", notes: "x" })).status()).toBe(400);
    expect((await post("/admin/leads/not-a-uuid/convert", { returnTo: "/admin/leads" })).status()).toBe(400);
    await page.close();
  });

  it("'Send Booking Link', refused for want of slots, offers Generate Slots in place: it says why it cannot, makes the window's slots, then the link goes", async () => {
    const page = await admin.newPage();
    await addClient(page, "Gail Generate", "gail@generate.test", "2");
    await page.getByRole("link", { name: "Gail Generate" }).click();
    await page.getByRole("heading", { level: 1, name: "Gail Generate" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Send Booking Link" }).click();
    const dialog = page.getByRole("dialog", { name: "Send booking invitation" });
    await dialog.getByLabel("Availability window").selectOption("14");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(page, "Failed to send booking invitation");
    await dialog.getByText("No available slots. Click 'Generate Slots' first.").waitFor();

    // No recurring rules yet: generating says so, and the dialog stays as it was.
    await dialog.getByRole("button", { name: "Generate Slots" }).click();
    await toast(page, "Failed to generate slots: No recurring rules found. Add them in the Availability tab first.");
    expect(await dialog.getByLabel("Availability window").inputValue()).toBe("14");

    // The admin adds a rule for tomorrow's weekday in another tab, and comes back to the dialog.
    const tomorrow = addDaysToDate(dayIn(new Date(), "America/New_York"), 1);
    const rules = await admin.newPage();
    await goInApp(rules, "/admin/availability?tab=rules");
    await hydrated(rules);
    await rules.getByRole("button", { name: "Add Rule" }).click();
    const ruleDialog = rules.getByRole("dialog");
    await ruleDialog.getByLabel("Day of week").selectOption(String(new Date(`${tomorrow}T12:00:00Z`).getUTCDay()));
    await ruleDialog.getByLabel("Start time").fill("09:00");
    await ruleDialog.getByLabel("End time").fill("10:00");
    await ruleDialog.getByRole("button", { name: "Add Rule" }).click();
    await toast(rules, "Recurring rule added");
    await rules.close();

    // Tomorrow and a week later hold two 30-minute slots each, within the 14 days.
    await dialog.getByRole("button", { name: "Generate Slots" }).click();
    await toast(page, "Generated 4 available time slots!");
    await dialog.getByRole("button", { name: "Generate Slots" }).waitFor({ state: "detached" });
    expect(await dialog.getByText("No available slots.").count()).toBe(0);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(page, "Booking invitation sent with your calendar availability!");
    await dialog.waitFor({ state: "detached" });
    await page.close();
  });

  it("an unknown client returns to the Clients Directory with 'Client not found'", async () => {
    const page = await admin.newPage();
    // Followed from within the app (its data answered 404): back on the list, with the message.
    await page.goto("/admin");
    await hydrated(page);
    await goInApp(page, "/admin/clients/not-a-uuid");
    await page.waitForURL(/\/admin\/clients$/);
    await page.getByRole("heading", { name: "Clients Directory" }).waitFor();
    await toast(page, "Client not found");
    // Opened from an address (a new document): the server sends the browser to the list, the message with it.
    await page.goto("/admin/clients/00000000-0000-4000-8000-000000000000");
    await page.waitForURL(/\/admin\/clients$/);
    await page.getByRole("heading", { name: "Clients Directory" }).waitFor();
    await toast(page, "Client not found");
    await page.close();
  });

  it("without JavaScript, the rows' selects are saved at once by 'Save changes', back on the same filtered list", async () => {
    const page = await admin.newPage();
    await addClient(page, "Sunny Side Bakery", "hello@sunnyside.test", "1");
    // With the app running a select saves itself: there is no button to press.
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);
    await page.close();

    const plain = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false, storageState: await admin.storageState(), viewport: { width: 1400, height: 900 } });
    const list = await plain.newPage();
    await goInApp(list, "/admin/clients?q=sunny");
    await list.getByRole("combobox", { name: "Status of Sunny Side Bakery", exact: true }).selectOption("completed");
    await list.getByRole("combobox", { name: "Payment status of Sunny Side Bakery" }).selectOption("paid");
    // The form posts to the address it is on, so the address alone cannot tell the new page has come: wait for its load.
    await Promise.all([list.waitForEvent("load"), list.getByRole("button", { name: "Save changes" }).click()]);
    expect(new URL(list.url()).search).toBe("?q=sunny");
    await list.reload();
    expect(await list.getByRole("combobox", { name: "Status of Sunny Side Bakery", exact: true }).inputValue()).toBe("completed");
    expect(await list.getByRole("combobox", { name: "Payment status of Sunny Side Bakery" }).inputValue()).toBe("paid");
    await plain.close();
  });
});

describe("conversion", () => {
  it("converts a promo lead from the leads list; the client has a draft invoice at the promo price with the code", async () => {
    const visitor = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const site = await visitor.newPage();
    await goInApp(site, "/packages");
    const claim = site.locator("#claim");
    await claim.getByLabel("Full name").fill("Gina Griddle");
    await claim.getByLabel("Email").fill("gina@griddle-catering.test");
    await claim.getByLabel("Phone").fill("214-555-0177");
    await claim.getByRole("button", { name: "Claim My $99 Website" }).click();
    const code = (await site.getByTestId("promo-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^LAUNCH-/);
    await visitor.close();

    const page = await admin.newPage();
    await goInApp(page, "/admin/leads?q=griddle");
    await page.getByRole("button", { name: "Actions for Gina Griddle" }).click();
    await page.getByRole("menuitem", { name: "Convert to Client" }).click();
    await page.getByText("Gina Griddle converted to customer successfully").waitFor();
    // Converted leads hide convert.
    await page.getByRole("button", { name: "Actions for Gina Griddle" }).click();
    await page.getByRole("menuitem", { name: "View Details" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Convert to Client" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await goInApp(page, "/admin/clients?q=griddle");
    await page.getByRole("link", { name: "Gina Griddle" }).click();
    await page.getByRole("heading", { level: 1, name: "Gina Griddle" }).waitFor();
    await page.getByRole("tab", { name: /Invoices/ }).click();
    const invoice = page.getByRole("tabpanel").getByRole("row", { name: /INV-/ });
    const text = await invoice.textContent();
    expect(text).toContain(code);
    expect(text).toMatch(/draft.*\$99\.00/);
    await page.close();
  });
});
