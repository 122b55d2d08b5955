import http from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysToDate, localToInstant } from "~/availability/slot-time";
import { WEEKDAY_NAMES } from "~/availability/availability-forms";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, goInApp, hydrated, launchBrowser, toast, toastOnTop } from "./support/browser";
import { dayIn, formatClockTime } from "~/formatting/dates";

const NY = "America/New_York";
const TOKYO = "Asia/Tokyo";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
/** Ben's booking link, booked in the first test; he cancels in the last. */
let benBookingPath = "";

beforeAll(async () => {
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ SMTP_URL: mail.url }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

async function sendInquiry(name: string, email: string) {
  const response = await fetch(`${app.url}/inquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ name, email, message: "Please call me" }),
  });
  expect(response.ok).toBe(true);
}

/** A GET that asks for gzip, as a browser does; the answer's headers as sent (the body undecoded). */
function answerTo(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      })
      .on("error", reject);
  });
}

/** The booking link from the invitation e-mail the lead received. */
async function invitationLink(email: string): Promise<string> {
  const received = await mail.waitFor((message) => message.envelopeTo.includes(email) && (message.subject ?? "").startsWith("Book your"));
  const link = /https?:\/\/\S+\/booking\/[0-9a-f-]+/.exec(received.text ?? "")?.[0];
  if (!link) throw new Error("No booking link in the invitation");
  return new URL(link).pathname;
}

async function invite(page: Page, leadLabel: RegExp) {
  await goInApp(page, "/admin/consultations?tab=invitations");
  await page.getByRole("button", { name: "Send booking invitation" }).click();
  const dialog = page.getByRole("dialog");
  const option = dialog.locator("#invite-lead option").filter({ hasText: leadLabel });
  await dialog.getByLabel("Lead").selectOption({ value: (await option.getAttribute("value")) ?? "" });
  await dialog.getByLabel("Availability window").selectOption("7");
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await toast(page, "Booking invitation sent with your calendar availability!");
}

describe("consultation booking, end to end", () => {
  it("admin sets availability and invites; a lead in Tokyo books; the racer is told; the admin confirms, proposes and completes", async () => {
    // Dates relative to today in the business zone: the rule is for tomorrow's weekday.
    const today = dayIn(new Date(), NY);
    const tomorrow = addDaysToDate(today, 1);
    const weekday = new Date(`${tomorrow}T12:00:00Z`).getUTCDay();
    const weekLater = addDaysToDate(tomorrow, 7);

    await sendInquiry("Aiko Tanaka", "aiko@example.test");
    await sendInquiry("Ben Racer", "ben@example.test");

    const admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
    const adminPage = await admin.newPage();
    await goInApp(adminPage, "/admin/availability?tab=rules");
    await adminPage.getByText("No recurring rules yet. Add rules for days you're regularly available.").waitFor();
    await adminPage.getByRole("button", { name: "Add Rule" }).click();
    const ruleDialog = adminPage.getByRole("dialog");
    await ruleDialog.getByLabel("Day of week").selectOption(String(weekday));
    await ruleDialog.getByLabel("Start time").fill("09:00");
    await ruleDialog.getByLabel("End time").fill("10:00");
    await ruleDialog.getByRole("button", { name: "Add Rule" }).click();
    await toast(adminPage, "Recurring rule added");
    await adminPage.getByTestId("rule").filter({ hasText: WEEKDAY_NAMES[weekday] }).waitFor();
    await adminPage.getByLabel("Generate for").selectOption("2");
    await adminPage.getByRole("button", { name: "Generate Slots" }).click();
    await toast(adminPage, "Generated 4 time slots!");

    await adminPage.getByRole("tab", { name: "Blocked Dates" }).click();
    await adminPage.getByRole("button", { name: "Block Dates" }).click();
    const blockDialog = adminPage.getByRole("dialog");
    await blockDialog.getByLabel("Start date").fill(weekLater);
    await blockDialog.getByLabel("End date").fill(weekLater);
    await blockDialog.getByLabel("Reason (optional)").fill("Conference");
    await blockDialog.getByRole("button", { name: "Block Dates" }).click();
    await toast(adminPage, `Blocked ${weekLater} to ${weekLater} and deleted 2 existing slot(s)`);

    // Aiko from the leads list's row menu (it opens her page with the dialog), Ben from Consultations.
    await goInApp(adminPage, "/admin/leads");
    // The leads table may re-render while it settles (closing an open menu): try the menu again then.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await adminPage.getByRole("button", { name: "Actions for Aiko Tanaka" }).click();
        await adminPage.getByRole("menuitem", { name: "Send booking invitation" }).press("Enter", { timeout: 10_000 });
        await adminPage.waitForURL(/invite=booking/, { timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await adminPage.keyboard.press("Escape");
      }
    }
    const inviteDialog = adminPage.getByRole("dialog");
    await inviteDialog.getByLabel("Availability window").selectOption("7");
    await inviteDialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(adminPage, "Booking invitation sent with your calendar availability!");
    await invite(adminPage, /Ben Racer/);
    const aikoPath = await invitationLink("aiko@example.test");
    const benPath = await invitationLink("ben@example.test");

    // A link's first view is made from the booking page's template with the link's page put in place
    // (decision 035): exactly the document React Router renders for that page (asked for whole, as a
    // crawler is answered), its nonces aside.
    const fromTemplate = await (await fetch(`${app.url}${benPath}`)).text();
    const rendered = await (await fetch(`${app.url}${benPath}?whole`, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } })).text();
    expect(rendered).toMatch(/ nonce="[^"]+"/);
    expect(fromTemplate).toBe(rendered.replace(/ nonce="[^"]*"/g, ""));
    expect(fromTemplate).toContain("Ben Racer");

    // One request path (server/request-stack.ts): the booking page's second view, answered from the
    // kept copy, carries the common headers and is compressed, as an ordinary page is.
    await answerTo(aikoPath);
    for (const path of [aikoPath, "/"]) {
      const answer = await answerTo(path);
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({ "x-content-type-options": "nosniff", "content-encoding": "gzip" });
    }

    // Both visitors open their links in Tokyo; only tomorrow (New York) has times.
    const firstStart = localToInstant(tomorrow, "09:00", NY)!;
    const tokyoDate = dayIn(firstStart, TOKYO);
    const tokyoTime = formatClockTime(firstStart, TOKYO);
    const openInTokyo = async (path: string) => {
      const context = await browser.newContext({ baseURL: app.url, timezoneId: TOKYO, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await goInApp(page, path);
      await page.getByText("Times shown in your timezone:").waitFor();
      expect(await page.getByText(TOKYO, { exact: true }).count()).toBeGreaterThan(0);
      await page.locator(`[data-day="${tokyoDate}"] button`).click();
      await page.getByRole("radiogroup", { name: "Available times" }).locator("label", { hasText: tokyoTime }).click();
      return { context, page };
    };
    const aiko = await openInTokyo(aikoPath);
    expect(await aiko.page.locator("[data-day] button:not([disabled])").count()).toBe(1);
    await aiko.page.getByText("Welcome Aiko Tanaka! Select a date and time for your consultation.").waitFor();
    const ben = await openInTokyo(benPath);

    await aiko.page.getByRole("button", { name: "Confirm Booking" }).click();
    await toast(aiko.page, "Consultation booked successfully! You'll receive a confirmation email shortly.");
    await aiko.page.getByTestId("booked-time").waitFor(); // after the 2-second reload
    expect(await aiko.page.getByTestId("booked-time").textContent()).toContain(tokyoTime);

    await ben.page.getByRole("button", { name: "Confirm Booking" }).click();
    await toast(ben.page, "Failed to book: This time slot is no longer available. Please choose another time.");
    // The server kept the page Ben loaded before Aiko booked; reloaded, it no longer offers her time.
    await ben.page.reload();
    await ben.page.locator(`[data-day="${tokyoDate}"] button`).click();
    const benTimes = ben.page.getByRole("radiogroup", { name: "Available times" });
    await benTimes.getByRole("radio").first().waitFor();
    expect(await benTimes.getByRole("radio", { name: tokyoTime, exact: true }).count()).toBe(0);
    await ben.context.close();

    // Both sides get a calendar invitation for the same instant.
    const expectedStart = firstStart.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    for (const recipient of ["aiko@example.test", "hello@sistersite.studio"]) {
      const received = await mail.waitFor((message) => message.envelopeTo.includes(recipient) && /booked/i.test(message.subject ?? ""));
      const ics = received.attachments.find((attachment) => attachment.filename === "invite.ics")?.content.toString("utf8") ?? "";
      expect(ics).toContain("METHOD:REQUEST");
      expect(ics).toContain(`DTSTART:${expectedStart}`);
    }

    // The admin confirms Aiko with a meeting link, then completes; proposes a new time to Ben.
    await goInApp(adminPage, "/admin/bookings");
    const aikoRow = adminPage.getByRole("row").filter({ hasText: "Aiko Tanaka" });
    await aikoRow.getByRole("button", { name: "Confirm" }).click();
    const confirmDialog = adminPage.getByRole("dialog");
    await confirmDialog.getByLabel("Meeting link").fill("");
    await confirmDialog.getByRole("button", { name: "Confirm & Send" }).click();
    // The refusal's toast shows over the dialog, which stays open with the message at its field.
    expect(await toastOnTop(adminPage, "Please provide a meeting link")).toBe(true);
    await confirmDialog.getByText("Please provide a meeting link").waitFor();
    expect(await confirmDialog.isVisible()).toBe(true);
    await adminPage.getByRole("dialog").getByLabel("Meeting link").fill("https://meet.example.test/aiko");
    await adminPage.getByRole("dialog").getByRole("button", { name: "Confirm & Send" }).click();
    await toast(adminPage, "Consultation confirmed and email sent!");
    await aikoRow.getByText("Confirmed").waitFor();

    const benRow = adminPage.getByRole("row").filter({ hasText: "Ben Racer" });
    await benRow.getByRole("button", { name: "Propose New Time" }).click();
    await adminPage.getByRole("dialog").getByLabel("Time slot 1").fill(`${addDaysToDate(today, 2)}T15:00`);
    await adminPage.getByRole("dialog").getByRole("button", { name: "Propose & Send" }).click();
    await toast(adminPage, "New times proposed and email sent!");

    await aikoRow.getByRole("button", { name: "Mark Completed" }).click();
    await toast(adminPage, "Marked as completed");
    await aikoRow.getByText("Completed").waitFor();

    // Ben sees the proposed time first and takes it.
    const benAgain = await browser.newContext({ baseURL: app.url, timezoneId: TOKYO });
    const benPage = await benAgain.newPage();
    await goInApp(benPage, benPath);
    await benPage.getByText("Proposed new times").waitFor();
    const proposed = localToInstant(addDaysToDate(today, 2), "15:00", NY)!;
    await benPage.locator("label", { hasText: new RegExp(formatClockTime(proposed, TOKYO)) }).first().click();
    await benPage.getByRole("button", { name: "Confirm Booking" }).click();
    await toast(benPage, "Consultation booked successfully!");
    await benPage.getByTestId("booked-time").waitFor();

    // Asked before cancelling: 'Keep Booking' (focused when it opens) leaves the booking as it is.
    // (He cancels in the test of the consultations page, once the tests that need his booking have run.)
    await benPage.getByRole("button", { name: "Cancel Booking" }).click();
    const askFirst = benPage.getByRole("alertdialog", { name: "Cancel your consultation?" });
    await askFirst.getByText("Your time will be released. This action cannot be undone.").waitFor();
    expect(await askFirst.getByRole("button", { name: "Keep Booking" }).evaluate((button) => button === document.activeElement)).toBe(true);
    await askFirst.getByRole("button", { name: "Keep Booking" }).click();
    await askFirst.waitFor({ state: "detached" });
    await benPage.getByTestId("booked-time").waitFor();
    benBookingPath = benPath;
    await benAgain.close();
    await aiko.context.close();
    await admin.close();
  });

  it("every dialog of availability, consultations and bookings refuses empty input and stays open with its message", async () => {
    const admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
    const page = await admin.newPage();
    const refusedIn = async (dialog: ReturnType<Page["getByRole"]>, message: string) => {
      await dialog.getByText(message).first().waitFor();
      // Still open after the answer settled.
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    };

    // /admin/availability: Add Slot, Select Date Range, Add Rule, Block Dates.
    await goInApp(page, "/admin/availability");
    await page.getByRole("button", { name: "Add Slot" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Start time").fill("");
    await dialog.getByLabel("End time").fill("");
    await dialog.getByRole("button", { name: "Add Slot" }).click();
    await refusedIn(dialog, "Choose a time");

    await page.getByRole("button", { name: "Select Date Range" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Select Slots in Range" }).click();
    await refusedIn(dialog, "Please select both start and end dates");

    await goInApp(page, "/admin/availability?tab=rules");
    await page.getByRole("button", { name: "Add Rule" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Start time").fill("");
    await dialog.getByLabel("End time").fill("");
    await dialog.getByRole("button", { name: "Add Rule" }).click();
    await refusedIn(dialog, "Choose a time");

    await goInApp(page, "/admin/availability?tab=blocked");
    await page.getByRole("button", { name: "Block Dates" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Start date").fill("");
    await dialog.getByLabel("End date").fill("");
    await dialog.getByRole("button", { name: "Block Dates" }).click();
    await refusedIn(dialog, "Choose a date");

    // /admin/consultations: Send booking invitation with no lead; Edit Consultation without its date.
    await sendInquiry("Cora Client", "cora@example.test");
    await goInApp(page, "/admin/consultations?tab=invitations");
    await page.getByRole("button", { name: "Send booking invitation" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await refusedIn(dialog, "Please choose a lead");

    await goInApp(page, "/admin/leads?q=cora");
    await page.getByRole("button", { name: "Actions for Cora Client" }).click();
    await page.getByRole("menuitem", { name: "Convert to Client" }).click();
    await page.getByText("Cora Client converted to customer successfully").waitFor();
    await goInApp(page, "/admin/clients");
    await page.getByRole("link", { name: "Cora Client" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Cora Client" }).waitFor();
    await page.getByRole("tab", { name: /Consultations/ }).click();
    await page.getByRole("button", { name: "Add Consultation" }).click();
    const add = page.getByRole("dialog", { name: "Add Consultation" });
    await add.getByLabel("Date").fill("2026-12-01");
    await add.getByLabel("Start").fill("10:00");
    await add.getByLabel("End").fill("10:30");
    await add.getByRole("button", { name: "Add Consultation" }).click();
    await page.getByText("Consultation added successfully").waitFor();

    await goInApp(page, "/admin/consultations");
    await page.getByRole("button", { name: "Edit consultation with Cora Client" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Date").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await refusedIn(dialog, "Choose a date for a scheduled consultation");

    // /admin/bookings: Confirm (an invitation booked by the visitor, no default link) and Propose New Time, empty.
    await goInApp(page, "/admin/bookings");
    // Ben booked the time proposed to him: pending, so both Confirm and Propose New Time are offered.
    const row = page.getByRole("row").filter({ hasText: "Ben Racer" });
    await row.getByRole("button", { name: "Propose New Time" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Propose & Send" }).click();
    await refusedIn(dialog, "Please add at least one time slot");
    await row.getByRole("button", { name: "Confirm" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Meeting link").fill("");
    await dialog.getByRole("button", { name: "Confirm & Send" }).click();
    // The toast region came with the refusal before; this dialog opened over it, and put it back on top.
    expect(await toastOnTop(page, "Please provide a meeting link")).toBe(true);
    await refusedIn(dialog, "Please provide a meeting link");
    await admin.close();
  });

  it("availability: 'Loading availability...' while its own data loads, not while leaving; 'Select Date Range' selects slots outside the period on screen", async () => {
    const admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
    const page = await admin.newPage();
    // Two slots more than a year ahead, far outside this week (and its 30 days after), added on their own days.
    const today = dayIn(new Date(), NY);
    const [first, second] = [addDaysToDate(today, 400), addDaysToDate(today, 430)];
    for (const date of [first, second]) {
      await goInApp(page, `/admin/availability?view=day&date=${date}`);
      await hydrated(page);
      await page.getByRole("button", { name: "Add Slot" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Add Slot" }).click();
      await toast(page, "Slot added successfully");
      await page.getByTestId("slot").first().waitFor();
    }

    // This week's view; the next week's data held back a moment: the page says it is loading meanwhile.
    await goInApp(page, "/admin/availability");
    await hydrated(page);
    const status = page.getByRole("status").filter({ hasText: "Loading availability..." });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/availability\.data/, async (route) => {
      await held;
      await route.continue();
    });
    const title = await page.getByTestId("calendar-title").textContent();
    await page.getByRole("button", { name: "Next" }).click();
    await status.waitFor();
    release();
    await status.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("calendar-title").textContent()).not.toBe(title);
    await page.unroute(/\/admin\/availability\.data/);

    // Leaving for another page, its data held back too: no 'Loading availability...' while it comes.
    let releaseLeads: () => void = () => undefined;
    const leadsHeld = new Promise<void>((resolve) => (releaseLeads = resolve));
    await page.route(/\/admin\/leads\.data/, async (route) => {
      await leadsHeld;
      await route.continue();
    });
    const asked = page.waitForRequest(/\/admin\/leads\.data/);
    await page.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Leads" }).click();
    await asked;
    await page.waitForTimeout(300);
    expect(await status.count()).toBe(0);
    releaseLeads();
    await page.getByRole("heading", { level: 1, name: "Website Leads" }).waitFor();
    await page.unroute(/\/admin\/leads\.data/);

    // From this week's view, the range of both far-off days: both selected, and deleted together.
    await goInApp(page, "/admin/availability");
    await hydrated(page);
    await page.getByRole("button", { name: "Select Date Range" }).click();
    const dialog = page.getByRole("dialog", { name: "Select Date Range" });
    await dialog.getByLabel("Start date").fill(first);
    await dialog.getByLabel("End date").fill(second);
    await dialog.getByRole("button", { name: "Select Slots in Range" }).click();
    await toast(page, "Selected 2 slots");
    await page.getByRole("button", { name: "Delete (2)" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Selected Slots" });
    await confirm.getByText("Are you sure you want to delete 2 slot(s)? This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Successfully deleted 2 slot(s)");
    for (const date of [first, second]) {
      await goInApp(page, `/admin/availability?view=day&date=${date}`);
      await page.getByText("No slots for this date").waitFor();
    }
    await admin.close();
  });

  it("a malformed id posted to any of these actions answers 400, never 500", async () => {
    const admin = await adminContext(browser, app.url);
    const page = await admin.newPage();
    const posts: [string, Record<string, string>][] = [
      ["/admin/availability", { intent: "delete-slots", slotId: "not-a-uuid" }],
      ["/admin/availability", { intent: "toggle-rule", ruleId: "1; drop table", isActive: "true" }],
      ["/admin/availability", { intent: "delete-rule", ruleId: "x" }],
      ["/admin/availability", { intent: "unblock", blockedId: "x" }],
      ["/admin/consultations", { intent: "delete-consultation", consultationId: "x" }],
      ["/admin/consultations", { intent: "update-consultation", consultationId: "x", status: "scheduled", scheduledDate: "2026-12-01" }],
      ["/admin/bookings", { intent: "confirm", bookingId: "x", meetingLink: "https://meet.example.test/x" }],
      ["/admin/bookings", { intent: "propose", bookingId: "x", start: "2030-01-01T10:00" }],
      ["/admin/bookings", { intent: "complete", bookingId: "x" }],
      ["/admin/bookings", { intent: "cancel", bookingId: "x" }],
      ["/admin/booking-invitations", { intent: "send", leadId: "x", windowDays: "7" }],
      ["/admin/booking-invitations", { intent: "resend", bookingId: "x" }],
      ["/admin/booking-invitations", { intent: "delete", bookingId: "x" }],
    ];
    for (const [path, form] of posts) {
      const response = await page.request.post(path, { form, headers: { Origin: app.url } });
      expect({ path, intent: form.intent, status: response.status() }).toEqual({ path, intent: form.intent, status: 400 });
    }
    await admin.close();
  });

  it("the consultations page filters each tab in the URL and asks before deleting a consultation or an invitation; the bookings page filters by status and day", async () => {
    const admin = await adminContext(browser, app.url, { viewport: { width: 1400, height: 900 } });
    const page = await admin.newPage();
    await goInApp(page, "/admin/consultations");
    await hydrated(page);
    const scheduled = page.getByRole("table", { name: "Scheduled consultations" });
    await scheduled.getByText("Cora Client").waitFor();

    // The search stays when the tab changes; each tab says when nothing matches.
    await page.getByRole("searchbox", { name: "Search by name or email" }).fill("nobody");
    await page.getByRole("searchbox", { name: "Search by name or email" }).press("Enter");
    await page.waitForURL(/q=nobody/);
    await page.getByText("No consultations match these filters.").waitFor();
    await page.getByRole("tab", { name: "Booking Invitations" }).click();
    await page.waitForURL(/tab=invitations/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("nobody");
    await page.getByText("No booking invitations match these filters.").waitFor();
    await page.getByRole("link", { name: "Clear" }).click();
    const invitations = page.getByRole("table", { name: "Booking invitations" });
    await invitations.getByText("Aiko Tanaka").waitFor();
    await page.getByRole("combobox", { name: "Status" }).selectOption("pending");
    await page.waitForURL(/status=pending/);
    // The filtered list replaces the whole one once its data is in: Aiko (booked, completed) leaves it, Ben stays.
    await invitations.getByText("Aiko Tanaka").waitFor({ state: "detached" });
    await invitations.getByText("Ben Racer").waitFor();

    // Ben cancels from his link, asked first; the page reloads into its cancelled state.
    const ben = await browser.newContext({ baseURL: app.url, timezoneId: TOKYO });
    const benPage = await ben.newPage();
    await goInApp(benPage, benBookingPath);
    await hydrated(benPage);
    await benPage.getByRole("button", { name: "Cancel Booking" }).click();
    const askFirst = benPage.getByRole("alertdialog", { name: "Cancel your consultation?" });
    await askFirst.getByRole("button", { name: "Cancel Booking" }).click();
    await toast(benPage, "Your consultation was cancelled.");
    await askFirst.waitFor({ state: "detached" });
    await benPage.getByText("Cancelled", { exact: true }).waitFor(); // after the 2-second reload
    await ben.close();

    await invitations.getByRole("button", { name: "Delete invitation for Ben Racer" }).click();
    const deleteInvitation = page.getByRole("alertdialog", { name: "Delete this booking invitation?" });
    await deleteInvitation.getByText("The link stops working and any booked time is released.").waitFor();
    await deleteInvitation.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Booking invitation deleted successfully");
    await page.getByText("No booking invitations match these filters.").waitFor();

    // A deleted consultation comes back to the same view of the page.
    await goInApp(page, "/admin/consultations?status=scheduled");
    await hydrated(page);
    await scheduled.getByRole("button", { name: "Delete consultation with Cora Client" }).click();
    const deleteConsultation = page.getByRole("alertdialog", { name: "Delete this consultation?" });
    await deleteConsultation.getByText("You are about to delete 1 item. This action cannot be undone.").waitFor();
    await deleteConsultation.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Consultation deleted successfully");
    await page.getByText("No consultations match these filters.").waitFor();
    expect(new URL(page.url()).searchParams.get("status")).toBe("scheduled");

    await goInApp(page, "/admin/bookings");
    await hydrated(page);
    const bookings = page.getByRole("table", { name: "Consultation bookings" });
    await bookings.getByText("Aiko Tanaka").waitFor();
    await page.getByRole("combobox", { name: "Status" }).selectOption("completed");
    await page.waitForURL(/status=completed/);
    await bookings.getByText("Aiko Tanaka").waitFor();
    await page.getByLabel("From", { exact: true }).fill("2000-01-01");
    await page.getByLabel("To", { exact: true }).fill("2000-01-02");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/from=2000-01-01/);
    await page.getByText("No bookings match these filters.").waitFor();
    expect(new URL(page.url()).searchParams.get("status")).toBe("completed");

    // The calendar asks before deleting the selected slots, and keeps its view.
    const tomorrow = addDaysToDate(dayIn(new Date(), NY), 1);
    await goInApp(page, `/admin/availability?view=week&date=${tomorrow}`);
    await hydrated(page);
    expect(await page.getByTestId("calendar-title").textContent()).toMatch(/^Week of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.waitForURL(/view=day/);
    await page.getByRole("button", { name: "Select all visible slots" }).click();
    await toast(page, "Selected 1 slots"); // the booked one is not selectable
    await page.getByRole("button", { name: "Delete (1)" }).click();
    const deleteSlots = page.getByRole("alertdialog", { name: "Delete Selected Slots" });
    await deleteSlots.getByText("Are you sure you want to delete 1 slot(s)? This action cannot be undone.").waitFor();
    await deleteSlots.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Slot deleted");
    await page.getByRole("alertdialog").waitFor({ state: "hidden" });
    expect(await page.getByTestId("slot").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("view")).toBe("day");
    await admin.close();
  });

  it("an unknown or altered link shows the error card and nothing else", async () => {
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    const response = await page.goto(`/booking/00000000-0000-4000-8000-000000000000-${"a".repeat(32)}`);
    expect(response?.status()).toBe(404);
    await page.getByText("Lead not found").waitFor();
    expect(await page.getByText("Welcome").count()).toBe(0);
    await goInApp(page, "/booking");
    await page.getByText("Invalid booking link").waitFor();
    await context.close();
  });
});
