import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatClockTime, formatLongDate } from "~/formatting/dates";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { type AppServer, startAppServer } from "./support/app-server";
import { accessibilityViolations, downloadedBytes, goInApp, hydrated, launchBrowser, popupSeenVisitor, toast } from "./support/browser";

// Issue 47, as a visitor and a client would try it (decision 050): one time zone per person, one
// booking picker, and the packages page's 'Request a Quote' landing at the contact block.

const CHICAGO = "America/Chicago";
const LAPTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let scene: Scene<"visitorZone">;

beforeAll(async () => {
  const prepared = sceneDataDir("visitorZone");
  scene = prepared.scene;
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: prepared.dataDir, SMTP_URL: mail.url }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

async function noViolations(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** A person somewhere: their browser's zone, and a phone or a laptop. */
function person(zone: string, device: typeof LAPTOP | typeof PHONE): Promise<BrowserContext> {
  return browser.newContext({ baseURL: app.url, timezoneId: zone, ...device });
}

/** The client asks for a sign-in link on /portal and opens it: the portal's home. */
async function signInToPortal(page: Page, email: string) {
  const before = mail.messages.length;
  await page.goto("/portal");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  const received = await mail.waitFor((message) => mail.messages.indexOf(message) >= before && message.envelopeTo.includes(email) && /sign-in link/.test(message.subject ?? ""));
  const link = /\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(received.text ?? "")?.[0] ?? "";
  await page.goto(link);
  await page.getByRole("button", { name: "Open my portal" }).click();
  await page.getByRole("heading", { name: /^Hello, / }).waitFor();
}

/** Waits until the page stops scrolling (a link to a section scrolls smoothly), then its position. */
async function settledScroll(page: Page): Promise<number> {
  let last = -1;
  for (let tries = 0; tries < 50; tries += 1) {
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return now;
    last = now;
    await page.waitForTimeout(150);
  }
  return last;
}

/**
 * The contact block starts just under the sticky header, or, the page being scrolled as far as it
 * goes (the block is the last before the footer), wherever that leaves it, wholly in view.
 */
async function landedAtContact(page: Page, what: string) {
  const box = (await page.locator("#contact").boundingBox())!;
  const atBottom = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
  expect(box.y, what).toBeGreaterThanOrEqual(-2);
  if (!atBottom) expect(box.y, what).toBeLessThan(120);
  else expect(box.y + box.height, what).toBeLessThanOrEqual(page.viewportSize()!.height + 1);
}

/** Whether the element's box lies inside the viewport. */
async function inView(page: Page, selector: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  return Boolean(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height + 1);
}

describe("issue 47 for visitors and clients", () => {
  it("one time zone per person: a client in Chicago sees 11:00 am on the booking page, in the e-mail, and in the portal's first view on a phone", async () => {
    // The booking page, on a laptop in Chicago: the one picker, side by side, saying what is booked.
    const laptop = await person(CHICAGO, LAPTOP);
    const page = await laptop.newPage();
    await page.goto(scene.cleo.bookingPath);
    await page.getByText("Times shown in your timezone:").waitFor();
    expect(await page.getByTestId("visitor-zone").first().textContent()).toBe("America/Chicago");
    expect(await page.getByTestId("booking-about").textContent()).toContain("A 30-minute video call with");
    // A day far enough ahead to be moved or cancelled online (the 24-hour cut-off).
    const openDays = page.locator("[data-day]:not([data-disabled]) button");
    await openDays.nth(3).click();
    const times = page.getByRole("radiogroup", { name: "Available times" });
    // Calendar and times side by side on a laptop: the times to the right, starting level with it.
    const calendar = (await page.getByRole("heading", { name: "Select a Date" }).boundingBox())!;
    const timesBox = (await page.getByRole("heading", { name: /^Available Times for / }).boundingBox())!;
    expect(timesBox.x).toBeGreaterThan(calendar.x + calendar.width);
    expect(Math.abs(timesBox.y - calendar.y)).toBeLessThan(8);
    // Noon in New York is 11:00 am in Chicago.
    await times.locator("label", { hasText: /^11:00 am$/ }).click();
    const summary = await page.getByTestId("booking-summary").textContent();
    expect(summary).toMatch(/ at 11:00 am$/);
    expect(await inView(page, page.getByRole("button", { name: "Confirm Booking" }))).toBe(true);
    await noViolations(page);
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await toast(page, "Consultation booked successfully! You'll receive a confirmation email shortly.");
    // The success page (after the specification's reload 2 seconds later, which takes the toast away):
    // the time, 'Add to calendar', reschedule, cancel.
    await page.locator("[data-sonner-toast]").waitFor({ state: "detached" });
    const booked = page.getByTestId("booked-time");
    await booked.waitFor();
    expect(await booked.textContent()).toContain("11:00 am – 11:30 am");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Add to calendar" }).click()]);
    const ics = (await downloadedBytes(download)).toString("utf8");
    const [, y, mo, d, h, mi] = /DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00Z/.exec(ics) ?? [];
    const start = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
    expect(formatClockTime(start, CHICAGO)).toBe("11:00 am");
    expect(await booked.textContent()).toContain(formatLongDate(start, CHICAGO));
    await page.getByRole("button", { name: "Reschedule" }).waitFor();
    await page.getByRole("button", { name: "Cancel Booking" }).waitFor();
    await noViolations(page);

    // The e-mail names its zone, and says 11:00 am.
    const received = await mail.waitFor((message) => message.envelopeTo.includes(scene.cleo.email) && /booked/i.test(message.subject ?? ""));
    expect(received.text).toMatch(/11:00 am \(America\/Chicago\)/);

    // The portal on her phone: the server's first view (the phone starts the app only at a touch) says 11:00 am too.
    const phone = await person(CHICAGO, PHONE);
    const portal = await phone.newPage();
    await signInToPortal(portal, scene.cleo.email);
    await portal.goto("/portal");
    expect(await portal.locator("html[data-hydrated]").count()).toBe(0);
    expect(await portal.locator("#calls").getByTestId("call-time").first().textContent()).toContain("11:00 am – 11:30 am");
    expect(await portal.getByTestId("visitor-zone").first().textContent()).toBe("America/Chicago");
    await noViolations(portal);

    // Another browser that remembers nothing (a new phone): the zone she booked in, kept with the booking.
    const session = (await phone.cookies()).filter((cookie) => cookie.name === "portal_session");
    const fresh = await browser.newContext({ baseURL: app.url, ...PHONE, javaScriptEnabled: false });
    await fresh.addCookies(session);
    const firstLook = await fresh.newPage();
    await firstLook.goto("/portal");
    expect(await firstLook.locator("#calls").getByTestId("call-time").first().textContent()).toContain("11:00 am – 11:30 am");
    await fresh.close();

    // Switchable where times are shown (once the app runs: a key press starts it), and remembered:
    // Paris, then back to the phone's own zone.
    await portal.keyboard.press("Shift");
    await hydrated(portal);
    await portal.locator("#calls").getByRole("combobox", { name: "Show times in another time zone" }).selectOption("Europe/Paris");
    const inParis = formatClockTime(start, "Europe/Paris");
    await portal.locator("#calls").getByTestId("call-time").first().filter({ hasText: inParis }).waitFor();
    await portal.reload();
    expect(await portal.locator("#calls").getByTestId("call-time").first().textContent()).toContain(inParis);
    await portal.keyboard.press("Shift");
    await hydrated(portal);
    await portal.locator("#calls").getByRole("combobox", { name: "Show times in another time zone" }).selectOption(CHICAGO);
    await portal.locator("#calls").getByTestId("call-time").first().filter({ hasText: "11:00 am" }).waitFor();
    await phone.close();
    await laptop.close();
  });

  it("one booking picker on a phone: 44 px targets, next month's open days not greyed, the confirm button in view, and a success page", async () => {
    const phone = await person(CHICAGO, PHONE);
    const page = await phone.newPage();
    await page.goto(scene.vicBookingPath);
    await page.getByText("Times shown in your timezone:").waitFor();
    // Every day and time a thumb taps is at least 44 px square.
    const dayButtons = page.locator("[data-day] button");
    for (const box of await Promise.all((await dayButtons.all()).map((button) => button.boundingBox()))) {
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    // An open day looks open whichever month it is in; a past day is faint.
    const look = (cell: ReturnType<Page["locator"]>) => cell.evaluate((element) => Number(getComputedStyle(element).opacity) * Number(getComputedStyle(element.closest("td")!).opacity));
    const openOutside = page.locator("[data-day][data-outside]:not([data-disabled]) button");
    if ((await openOutside.count()) === 0) await page.getByRole("button", { name: /next month/i }).click();
    for (const cell of await page.locator("[data-day]:not([data-disabled]) button").all()) expect(await look(cell)).toBe(1);
    const past = page.locator("[data-day][data-disabled] button");
    if ((await past.count()) > 0) expect(await look(past.first())).toBeLessThan(1);

    await page.locator("[data-day]:not([data-disabled]) button").nth(3).tap();
    const times = page.getByRole("radiogroup", { name: "Available times" });
    for (const time of await times.getByRole("radio").all()) {
      const box = await time.locator("xpath=..").boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await times.locator("label").first().tap();
    // A day or a time reached from the keyboard is never hidden under the sticky confirm bar.
    const bar = page.getByRole("button", { name: "Confirm Booking" }).locator("xpath=..");
    const focusedAboveTheBar = async (target: ReturnType<Page["locator"]>, shown: ReturnType<Page["locator"]>) => {
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo({ top: 0, behavior: "instant" });
      });
      await target.focus();
      await settledScroll(page);
      const [box, barBox] = [await shown.boundingBox(), await bar.boundingBox()];
      expect(box!.y + box!.height).toBeLessThanOrEqual(barBox!.y + 1);
    };
    for (const radio of await times.getByRole("radio").all()) await focusedAboveTheBar(radio, radio.locator("xpath=.."));
    for (const day of await page.locator("[data-day]:not([data-disabled]) button").all()) await focusedAboveTheBar(day, day);
    // However the page is scrolled, the confirm button stays on screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inView(page, page.getByRole("button", { name: "Confirm Booking" }))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await inView(page, page.getByRole("button", { name: "Confirm Booking" }))).toBe(true);
    // Against the screen's width: a phone's window.innerWidth widens to a page that overflows.
    expect(await page.evaluate((width) => document.documentElement.scrollWidth <= width, PHONE.viewport.width)).toBe(true);
    await noViolations(page);
    await page.getByRole("button", { name: "Confirm Booking" }).tap();
    await page.getByTestId("booked-time").waitFor();
    await page.getByRole("link", { name: "Add to calendar" }).waitFor();
    await page.getByRole("button", { name: "Reschedule" }).tap();
    await page.getByRole("radiogroup", { name: "Available times" }).or(page.getByText("Please select a date from the calendar.")).first().waitFor();
    await phone.close();
  });

  it("'Request a Quote' on the packages page lands at the contact block, on a phone and on a laptop", async () => {
    for (const device of [PHONE, LAPTOP]) {
      const visitor = await popupSeenVisitor(browser, app.url, device);
      const page = await visitor.newPage();
      await page.goto("/packages");
      if (device === LAPTOP) await hydrated(page);
      const link = page.getByRole("link", { name: "Request a Quote" }).first();
      if (device === PHONE) await link.tap();
      else await link.click();
      await page.waitForURL((url) => url.pathname === "/" && url.hash === "#contact");
      const heading = page.getByRole("heading", { name: "Your website for $99 with our launch offer" });
      await heading.waitFor();
      // Where the (smooth) scroll comes to rest, and it stays: read twice, a moment apart, as sections nearby are drawn.
      for (let look = 0; look < 2; look += 1) {
        await settledScroll(page);
        await page.waitForTimeout(300);
        await landedAtContact(page, `${device.viewport.width} px, look ${look}`);
      }
      expect(await inView(page, heading)).toBe(true);
      await visitor.close();
    }
    // Within the app (a laptop that already runs it), the same link, followed as the app follows links.
    const visitor = await popupSeenVisitor(browser, app.url, LAPTOP);
    const page = await visitor.newPage();
    await page.goto("/packages");
    await hydrated(page);
    await goInApp(page, "/#contact");
    // The router is idle before React has drawn the home page and scrolled: wait for the scroll to begin.
    await page.waitForFunction(() => document.querySelector("#contact") !== null && window.scrollY > 0);
    await settledScroll(page);
    await landedAtContact(page, "within the app");
    await visitor.close();
  });
});
