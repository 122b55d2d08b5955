import ICAL from "ical.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { type AppServer, E2E_ADMIN, startAppServer } from "./support/app-server";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { accessibilityViolations, adminContext, launchBrowser, toast } from "./support/browser";
import { formatClockTime, formatLongDate } from "~/formatting/dates";

const NEW_YORK = "America/New_York";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let dataDir: string;
let scene: Scene<"portal">;

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 };
const LAPTOP = { viewport: { width: 1280, height: 800 } };

beforeAll(async () => {
  // Two clients with something of everything, written before the app takes the data directory.
  ({ dataDir, scene } = sceneDataDir("portal"));
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir, SMTP_URL: mail.url }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

async function noViolations(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Asks for a sign-in link on /portal and answers the link of the e-mail that arrives at the SMTP server. */
async function askForLink(page: Page, email: string): Promise<string> {
  const before = mail.messages.length;
  await page.goto("/portal");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await page.getByRole("status").filter({ hasText: `If ${email} is the address we have for you, a sign-in link is on its way.` }).waitFor();
  const received = await mail.waitFor((message) => mail.messages.indexOf(message) >= before && message.envelopeTo.includes(email) && /sign-in link/.test(message.subject ?? ""));
  const link = /https?:\/\/\S+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(received.text ?? "")?.[0];
  if (!link) throw new Error("No sign-in link in the e-mail");
  return new URL(link).pathname;
}

describe("the client portal", () => {
  it("on a phone: the link arrives, opens the portal, the sections show, a call is booked and reaches the admin and the calendar feed", async () => {
    const phone = await browser.newContext({ baseURL: app.url, ...PHONE });
    const page = await phone.newPage();
    // A stranger's address gets the same answer, and no mail.
    const sentBefore = mail.messages.length;
    await page.goto("/portal");
    await noViolations(page);
    await page.getByLabel("Your e-mail address").fill("nobody@example.test");
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await page.getByRole("status").filter({ hasText: "If nobody@example.test is the address we have for you" }).waitFor();

    const link = await askForLink(page, scene.rosa.email);
    expect(mail.messages.slice(sentBefore).some((message) => message.envelopeTo.includes("nobody@example.test"))).toBe(false);
    await page.goto(link);
    await noViolations(page);
    await page.getByRole("button", { name: "Open my portal" }).click();
    await page.waitForURL(/\/portal$/);
    await page.getByRole("heading", { name: "Hello, Rosa" }).waitFor();
    for (const section of ["Your projects", "Your invoices", "Your calls", "Refer a friend", "E-mails we sent you", "Your details"]) {
      await page.getByRole("heading", { name: section }).waitFor();
    }
    await page.getByRole("heading", { name: scene.rosa.projectName }).waitFor();
    const invoiceLinks = page.locator("#invoices").getByRole("link", { name: /^Invoice INV-/ });
    expect(await invoiceLinks.allTextContents()).toEqual([`Invoice ${scene.rosa.openInvoice.number}`, `Invoice ${scene.rosa.paidInvoice.number}`]);
    await noViolations(page);

    // The open invoice: its balance and the PDF's payment words.
    await invoiceLinks.first().click();
    await page.getByRole("heading", { name: `Invoice ${scene.rosa.openInvoice.number}` }).waitFor();
    await page.getByText(`Memo: ${scene.rosa.openInvoice.number}`).waitFor();
    await noViolations(page);

    // Changing an id in the address reaches nothing of another client's.
    for (const other of [`/portal/invoices/${scene.bo.openInvoice.id}`, `/portal/consultations/${scene.bo.bookingId}`, `/portal/emails/${scene.bo.emailId}`]) {
      await page.goto(other);
      await page.getByRole("heading", { name: "Not found" }).waitFor();
      expect(await page.content()).not.toContain(scene.bo.name);
    }

    // Booking a call at an open time, as the booking page books it.
    await page.goto("/portal");
    await page.getByRole("link", { name: "Book a call" }).click();
    await page.getByRole("heading", { name: "Book a call" }).waitFor();
    await noViolations(page);
    const [chosen] = scene.freeSlots;
    // Posted as the browser posts it, as a tap does before the phone has started the app (it starts
    // at the first touch): the page it lands on carries the toast, so it starts the app at once to show it.
    await page.locator(`input[value="slot:${chosen?.key}"]`).evaluate((radio: HTMLInputElement) => {
      radio.checked = true;
      HTMLFormElement.prototype.submit.call(radio.form);
    });
    // Booked, the client lands on the call's own page: its time, 'Add to calendar', move or cancel.
    await page.waitForURL(/\/portal\/consultations\/[0-9a-f-]{36}$/);
    await toast(page, "Consultation booked successfully!");
    await page.getByRole("link", { name: "Add to calendar" }).waitFor();
    await page.getByRole("button", { name: "Cancel this call" }).waitFor();
    const received = await mail.waitFor((message) => message.envelopeTo.includes(scene.rosa.email) && /consultation is booked/.test(message.subject ?? ""));
    expect(received.text).toContain("your client portal:");

    // The admin sees it on Consultations, confirms it, and their calendar feed lists it.
    const laptop = await adminContext(browser, app.url, LAPTOP);
    const admin = await laptop.newPage();
    await admin.goto("/admin/consultations?tab=invitations");
    await admin.getByRole("row").filter({ hasText: "Rosa Delgado" }).first().waitFor();
    await admin.goto("/admin/bookings");
    await admin.getByRole("row").filter({ hasText: "Rosa Delgado" }).first().getByRole("button", { name: "Confirm" }).click();
    await admin.getByRole("dialog").getByLabel("Meeting link").fill("https://meet.example.test/rosa");
    await admin.getByRole("dialog").getByRole("button", { name: "Confirm & Send" }).click();
    await toast(admin, "Consultation confirmed and email sent!");
    await admin.goto("/admin/consultations");
    // The address outlives the session: making it asks who the admin is first.
    await admin.getByLabel("Your password").fill(E2E_ADMIN.password);
    await admin.getByRole("button", { name: "Confirm it's you" }).click();
    await admin.getByRole("button", { name: "Make my feed address" }).click();
    const feedBox = admin.getByRole("textbox", { name: "Calendar feed address" });
    await feedBox.waitFor();
    const feedUrl = await feedBox.inputValue();
    const feed = await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, app.url));
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = ICAL.Component.fromString(await feed.text())
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    // The confirmed call, and beside it the call Rosa booked before, still waiting for the agency: tentative.
    const calls = events.filter((event) => event.summary === "Consultation with Rosa Delgado");
    const statusOf = (event: ICAL.Event) => String(event.component.getFirstPropertyValue("status"));
    expect(calls.map(statusOf).sort()).toEqual(["CONFIRMED", "TENTATIVE"]);
    const call = calls.find((event) => statusOf(event) === "CONFIRMED");
    expect(call?.startDate.toJSDate().toISOString()).toBe(chosen?.start);
    expect(call?.location).toBe("https://meet.example.test/rosa");

    // On the phone, every upcoming call is listed (her two bookings and the agency's two consultations),
    // and the confirmed call now carries its meeting link and a calendar file.
    await page.goto("/portal");
    expect(await page.locator("#calls").getByRole("list", { name: "Upcoming" }).getByRole("listitem").count()).toBe(4);
    await page.locator("#calls").getByRole("link", { name: "Join the call" }).first().waitFor();
    const download = await Promise.all([page.waitForEvent("download"), page.locator("#calls").getByRole("link", { name: "Add to calendar" }).first().click()]);
    expect(download[0].suggestedFilename()).toBe("consultation.ics");

    // The used link, and one past its 15 minutes, sign in nobody, in a fresh browser.
    const other = await browser.newContext({ baseURL: app.url, ...PHONE });
    const stranger = await other.newPage();
    for (const dead of [link, scene.expiredLink]) {
      await stranger.goto(dead);
      await stranger.getByText("This sign-in link has expired or was already used.").waitFor();
      expect(await stranger.getByRole("button", { name: "Open my portal" }).count()).toBe(0);
    }
    await stranger.goto("/portal");
    await stranger.getByRole("heading", { name: "Sign in to your client portal" }).waitFor();
    await other.close();
    await laptop.close();
    await phone.close();
  });

  it("on a laptop: the agency sends a portal link, sees the last visit and what was opened, signs the client out, and the Settings switch takes the portal away", async () => {
    const laptop = await adminContext(browser, app.url, LAPTOP);
    const admin = await laptop.newPage();
    await admin.goto(`/admin/clients/${scene.bo.clientId}`);
    await admin.getByRole("heading", { name: "Client portal" }).waitFor();
    await admin.getByText("Has not signed in to the portal yet.").waitFor();
    await admin.getByRole("button", { name: "Send portal link" }).click();
    await toast(admin, "Portal link sent");

    const client = await browser.newContext({ baseURL: app.url, ...LAPTOP });
    const bo = await client.newPage();
    const sent = await mail.waitFor((message) => message.envelopeTo.includes(scene.bo.email) && /sign-in link/.test(message.subject ?? ""));
    const link = /\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(sent.text ?? "")?.[0] ?? "";
    await bo.goto(link);
    await bo.getByRole("button", { name: "Open my portal" }).click();
    await bo.getByRole("heading", { name: "Hello, Bo" }).waitFor();
    expect(await bo.content()).not.toContain(scene.rosa.name);
    await noViolations(bo);
    await bo.locator("#invoices").getByRole("link", { name: `Invoice ${scene.bo.openInvoice.number}`, exact: true }).click();
    await bo.getByText(`Memo: ${scene.bo.openInvoice.number}`).waitFor();

    // Booking a call without JavaScript: the one booking picker opens on the first open day, whose
    // times are radio buttons (in the zone of the client's last booking, else the business's), posted
    // as a plain form, each naming its time by day and minute.
    const plain = await browser.newContext({ baseURL: app.url, ...LAPTOP, javaScriptEnabled: false, storageState: await client.storageState() });
    const noScript = await plain.newPage();
    await noScript.goto("/portal/book");
    const later = scene.freeSlots[1];
    const choice = noScript.locator(`input[value="slot:${later?.key}"]`);
    await noScript.locator("label", { has: choice }).click();
    await noScript.getByRole("button", { name: "Book this time" }).click();
    await noScript.waitForURL(/\/portal\/consultations\/[0-9a-f-]{36}$/);
    const start = new Date(later?.start ?? "");
    // The zone this browser remembers (its own, as the app saw it), which the page names.
    const zone = ((await noScript.getByTestId("visitor-zone").first().textContent()) ?? NEW_YORK).replace(/ /g, "_");
    expect(await noScript.getByTestId("booked-time").textContent()).toContain(`${formatLongDate(start, zone)}, ${formatClockTime(start, zone)}`);
    await plain.close();

    // Their own details, corrected.
    await bo.goto("/portal#details");
    await bo.getByLabel("Business name").fill("Brandt Rentals");
    await bo.getByRole("button", { name: "Save my details" }).click();
    await bo.getByText("Your details are saved.").waitFor();

    await admin.reload();
    await admin.getByText(/^Last visit: /).waitFor();
    await admin.getByText(`Opened invoice ${scene.bo.openInvoice.number}`).waitFor();
    await admin.getByText("Corrected their details").waitFor();
    await admin.getByText("Brandt Rentals").waitFor();

    // The agency ends Bo's portal session (a lost laptop, say): Bo's browser is back at the sign-in form.
    await admin.getByText("Signed in on 1 browser.").waitFor();
    await admin.getByRole("button", { name: "Sign out of the portal" }).click();
    await toast(admin, "Signed out of the portal");
    expect(await admin.getByRole("button", { name: "Sign out of the portal" }).count()).toBe(0);
    await bo.goto("/portal");
    await bo.getByRole("button", { name: "E-mail me a sign-in link" }).waitFor();

    // Off in Settings: no card, and /portal says it is not available.
    await admin.goto("/admin/settings/organization");
    await admin.getByLabel("Client portal").uncheck();
    await admin.getByRole("button", { name: "Save" }).click();
    await toast(admin, /saved/i);
    await admin.goto(`/admin/clients/${scene.bo.clientId}`);
    await admin.getByText("Contact Information").waitFor();
    expect(await admin.getByRole("button", { name: "Send portal link" }).count()).toBe(0);
    await bo.goto("/portal");
    await bo.getByText("The client portal is not available.").waitFor();
    await noViolations(bo);

    await admin.goto("/admin/settings/organization");
    await admin.getByLabel("Client portal").check();
    await admin.getByRole("button", { name: "Save" }).click();
    await toast(admin, /saved/i);
    await client.close();
    await laptop.close();
  });
});
