import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "./support/app-server";
import { accessibilityViolations, adminContext, controlsUnderToast, hydrated, launchBrowser, popupSeenVisitor, toast } from "./support/browser";

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PUBLIC_PAGES = ["/", "/how-it-works", "/packages", "/portfolio", "/about", "/contact", "/thank-you", "/start-your-project"];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

async function visitor(viewport = DESKTOP, options: { popupSeen?: boolean; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  // Below 768 px the visitor is on a phone: a touch screen.
  const phone = viewport.width < 768;
  const context = { viewport, javaScriptEnabled: options.javaScriptEnabled ?? true, hasTouch: phone, isMobile: phone };
  // Most tests are not about the popup: it is marked seen so it stays out of their way.
  return options.popupSeen === false ? browser.newContext({ baseURL: app.url, ...context }) : popupSeenVisitor(browser, app.url, context);
}

/** Below 768 px the app starts at the visitor's first touch, key press or focus: a key press here. */
async function startedOnNarrowScreen(page: Page) {
  await page.keyboard.press("Shift");
  await hydrated(page);
}

async function adminFinds(search: string): Promise<string> {
  const admin = await adminContext(browser, app.url);
  const page = await admin.newPage();
  await page.goto(`/admin/leads?q=${encodeURIComponent(search)}`);
  const text = (await page.getByRole("main").textContent()) ?? "";
  await admin.close();
  return text;
}

/** How long after the load event the popup showed on a wide screen (its code `codeLateMs` late), in the page's own clock. */
async function popupShownAfterLoad({ codeLateMs }: { codeLateMs: number }): Promise<number> {
  const context = await visitor(DESKTOP, { popupSeen: false });
  const page = await context.newPage();
  if (codeLateMs > 0) {
    await page.route(/\/assets\/promo-offer-[A-Za-z0-9_-]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, codeLateMs));
      await route.continue();
    });
  }
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const seen = window as unknown as { popupShownAt?: number };
      if (seen.popupShownAt === undefined && document.querySelector('[role="dialog"]')) seen.popupShownAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/about", { waitUntil: "load" });
  await page.getByRole("dialog", { name: "Launch offer: your website for $99" }).waitFor();
  const afterLoad = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return (window as unknown as { popupShownAt: number }).popupShownAt - navigation.loadEventStart;
  });
  await context.close();
  return afterLoad;
}

describe("every public page", () => {
  it("has no accessibility violations on a phone and on a desktop, with no horizontal scrolling", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await visitor(viewport);
      const page = await context.newPage();
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        expect(await accessibilityViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
        // Against the screen's width: a phone's window.innerWidth widens to a page that overflows.
        expect(await page.evaluate((width) => document.documentElement.scrollWidth <= width, viewport.width), path).toBe(true);
      }
      await context.close();
    }
  });
});

describe("scrolling", () => {
  it("starts a new page at the top; reload, back and forward bring back where the visitor was", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/how-it-works");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => Math.round(window.scrollY) === 600);
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => Math.round(window.scrollY) === 600);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await page.getByRole("heading", { level: 1, name: /About/ }).waitFor();
    // Scrolling is smooth where the visitor allows motion: wait for the top.
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction(() => Math.round(window.scrollY) === 600);
    await page.goForward();
    await page.getByRole("heading", { level: 1, name: /About/ }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);

    await page.goto("/packages");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("the page's own script restores a kept position before any app script, and leaves sessionStorage alone on a new visit", async () => {
    // A phone that is not touched never starts the app: only the inline script runs.
    const context = await visitor(PHONE);
    await context.addInitScript(() => {
      const reads = { count: 0 };
      Object.assign(window, { positionReads: reads });
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key: string) {
        if (key === "react-router-scroll-positions") reads.count += 1;
        return getItem.call(this, key);
      };
    });
    const page = await context.newPage();
    const positionReads = () => page.evaluate(() => (window as unknown as { positionReads: { count: number } }).positionReads.count);
    await page.goto("/about");
    expect(await positionReads()).toBe(0);
    const key = await page.evaluate(() => (window.history.state as { key?: string } | null)?.key);
    expect(key).toBeTruthy();

    // What the app keeps when the visitor leaves a page it runs on; the browser's own restoring is
    // off, as the app has it.
    await page.evaluate((entryKey) => {
      window.history.scrollRestoration = "manual";
      sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ [entryKey!]: 700 }));
    }, key);
    await page.reload();
    await page.waitForFunction(() => Math.round(window.scrollY) === 700);
    expect(await positionReads()).toBe(1);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await context.close();
  });
});

describe("the promo popup", () => {
  it("appears 2 seconds after load on a wide screen; closing it sets the seen-cookie for 7 days", async () => {
    const context = await visitor(DESKTOP, { popupSeen: false });
    const page = await context.newPage();
    // The page's clock stands still but for what the test runs, so a slow start of the app cannot
    // eat into the 2 seconds.
    await page.clock.install({ time: new Date("2026-11-24T10:00:00Z") });
    await page.clock.pauseAt(new Date("2026-11-24T10:00:01Z"));
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    while ((await page.locator("html[data-hydrated]").count()) === 0) await page.clock.runFor(50);
    // The offer's code loads once the app runs on a wide screen; its sticky button shows it is in.
    await page.locator("button.fixed", { hasText: "Claim $99 Offer" }).waitFor();
    await page.clock.runFor(1_900);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.clock.runFor(200);
    const dialog = page.getByRole("dialog", { name: "Launch offer: your website for $99" });
    await dialog.waitFor();
    // From here time flows again (axe and the reload below wait on timers of their own).
    await page.clock.resume();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const cookie = (await context.cookies()).find((entry) => entry.name === "promo_popup_seen");
    expect(cookie).toBeDefined();
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);

    await page.reload();
    await hydrated(page);
    await page.clock.runFor(10_000);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("is on time: 2 seconds after the load event, even when the offer's own code comes a second late", async () => {
    // The popup's code (not its small state module, which every page has) arrives a second late;
    // the popup still waits for its 2 seconds from the load event. That it does not wait longer
    // (the code's lateness is not added) is the arithmetic app/organization/promo-popup.test.ts
    // proves: a bound in real time here would fail on a busy machine, not on a late popup.
    const afterLoad = await popupShownAfterLoad({ codeLateMs: 1_000 });
    expect(afterLoad).toBeGreaterThanOrEqual(1_990);
  });

  it("waits the delay set in Settings", async () => {
    const admin = await adminContext(browser, app.url);
    const settings = await admin.newPage();
    const submitDelay = async (seconds: string) => {
      await settings.goto("/admin/settings/promos");
      await hydrated(settings);
      await settings.getByLabel("Offer popup delay (seconds)").fill(seconds);
      await settings.getByRole("button", { name: "Save", exact: true }).click();
    };
    const setDelay = async (seconds: string) => {
      await submitDelay(seconds);
      await toast(settings, "Settings saved successfully");
    };
    await submitDelay("61");
    await settings.getByText("Enter a number of seconds from 0 to 60").waitFor();
    expect(await settings.getByLabel("Offer popup delay (seconds)").inputValue()).toBe("61");
    await setDelay("4");
    try {
      expect(await popupShownAfterLoad({ codeLateMs: 0 })).toBeGreaterThanOrEqual(3_990);
    } finally {
      await setDelay("2");
      await admin.close();
    }
  });

  it("never appears on a narrow screen", async () => {
    const context = await visitor({ width: 767, height: 800 }, { popupSeen: false });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/");
    await startedOnNarrowScreen(page);
    await page.clock.runFor(10_000);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByRole("main").getByRole("link", { name: "Claim $99 Offer" }).isVisible()).toBe(true);
    await context.close();
  });

  it("claiming from it shows the success toast, sets the cookie and the claimed flag, and hides the sticky button", async () => {
    const context = await visitor(DESKTOP, { popupSeen: false });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/how-it-works");
    await hydrated(page);
    const sticky = page.locator("button.fixed", { hasText: "Claim $99 Offer" });
    await sticky.waitFor();
    await page.clock.runFor(2_100);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Full name").fill("Pat Popup");
    await dialog.getByLabel("Email").fill("pat.popup@example.com");
    await dialog.getByLabel("Phone").fill("214-555-0110");
    await dialog.getByRole("button", { name: "Claim My $99 Website" }).click();
    await page.getByText("Check pat.popup@example.com for your unique promo code — valid for 7 days!").waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("promo_claimed"))).toBe("true");
    expect((await context.cookies()).some((entry) => entry.name === "promo_popup_seen")).toBe(true);
    expect(await sticky.count()).toBe(0);
    await context.close();

    const found = await adminFinds("pat.popup@example.com");
    expect(found).toContain("Promo Popup");
    expect(found).toMatch(/LAUNCH-[0-9A-Z]+-[0-9A-Z]{4}/);
  });
});

describe("the sticky 'Claim $99 Offer' button", () => {
  it("shows on desktop only, opens the claim dialog with focus returning to it, and stays hidden once claimed", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/portfolio");
    const sticky = page.locator("button.fixed", { hasText: "Claim $99 Offer" });
    await sticky.waitFor();
    await sticky.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Full name").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await sticky.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.setViewportSize(PHONE);
    expect(await sticky.isVisible()).toBe(false);
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.setItem("promo_claimed", "true"));
    await page.reload();
    await page.getByRole("heading", { name: "Portfolio" }).waitFor();
    await hydrated(page);
    expect(await sticky.count()).toBe(0);
    await context.close();
  });
});

describe("the portfolio", () => {
  it("opens a project's details in a dialog and returns focus to its card", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/portfolio");
    await hydrated(page);
    const card = page.getByRole("link", { name: /Bounce & Bash Party Rentals/ });
    await card.click();
    const dialog = page.getByRole("dialog", { name: "Bounce & Bash Party Rentals" });
    await dialog.getByText("Party rental platform").waitFor();
    await dialog.getByText("Tier 3 – Professional Automation").waitFor();
    await dialog.getByText("Online deposits and payments").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await card.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe("the public dialogs (the browser's own <dialog>, decision 037)", () => {
  /** What makes a dialog modal, read from the page: the top layer, the page behind inert, its name. */
  async function modalFacts(page: Page, name: string | RegExp) {
    const dialog = page.getByRole("dialog", { name });
    await dialog.waitFor();
    return dialog.evaluate((element) => {
      const behind = document.querySelector<HTMLElement>("main a[href]");
      behind?.focus();
      return {
        modal: element.matches(":modal"),
        ariaModal: element.getAttribute("aria-modal"),
        described: Boolean(document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent),
        focusInside: element.contains(document.activeElement),
        behindFocusable: behind !== null && document.activeElement === behind,
      };
    });
  }
  const MODAL = { modal: true, ariaModal: "true", described: true, focusInside: true, behindFocusable: false };

  it("are modal: in the top layer, the page behind inert, named and described; Escape, the close button and the backdrop close them", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/portfolio");
    await hydrated(page);

    await page.getByRole("link", { name: /Bounce & Bash Party Rentals/ }).click();
    expect(await modalFacts(page, "Bounce & Bash Party Rentals")).toEqual(MODAL);
    // A click on the backdrop (the dialog's top-left corner is outside its box on a wide screen: the page's).
    await page.mouse.click(5, 5);
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.locator("button.fixed", { hasText: "Claim $99 Offer" }).click();
    expect(await modalFacts(page, "Launch offer: your website for $99")).toEqual(MODAL);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.goto("/about");
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Start Your Project" }).first().click();
    // The form's first field has the focus, ready for typing (not the hidden honeypot before it).
    await page.getByRole("dialog").getByLabel("Name").waitFor();
    expect(await page.getByRole("dialog").getByLabel("Name").evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await modalFacts(page, /./)).toEqual(MODAL);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.locator("dialog").count()).toBe(0);
    await context.close();
  });
});

describe("the packages page claim", () => {
  it("shows the code after a claim, and keeps the data with a clear error when the server fails", async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    await page.goto("/packages");
    await startedOnNarrowScreen(page);
    const form = page.locator("#claim");
    await form.getByLabel("Full name").fill("Quinn Packages");
    await form.getByLabel("Email").fill("quinn@example.com");
    await form.getByLabel("Phone").fill("214-555-0120");

    await page.route("**/promo-claim", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    await page.getByText("We could not reach our server").first().waitFor();
    expect(await form.getByLabel("Full name").inputValue()).toBe("Quinn Packages");
    expect(await form.getByLabel("Email").inputValue()).toBe("quinn@example.com");

    await page.unroute("**/promo-claim");
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    const code = page.getByTestId("promo-code");
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^LAUNCH-[0-9A-Z]+-[0-9A-Z]{4}$/);
    await form.getByText("We also sent it to quinn@example.com").waitFor();
    await context.close();
  });

  it("works without JavaScript and refuses a filled honeypot", async () => {
    const context = await visitor(DESKTOP, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/packages");
    const form = page.locator("#claim");
    await form.getByLabel("Full name").fill("Noor Nojs");
    await form.getByLabel("Email").fill("noor@example.com");
    await form.getByLabel("Phone").fill("214-555-0130");
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    await page.waitForURL("**/packages");
    expect(await page.getByTestId("promo-code").textContent()).toMatch(/^LAUNCH-/);

    await page.goto("/packages");
    await form.getByLabel("Full name").fill("Bot Honey");
    await form.getByLabel("Email").fill("bot@example.com");
    await form.getByLabel("Phone").fill("214-555-0140");
    await page.locator("#packages-claim-website").evaluate((input: HTMLInputElement) => (input.value = "http://spam.test"));
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    await page.getByText("This submission looked automated").waitFor();
    expect(await form.getByLabel("Full name").inputValue()).toBe("Bot Honey");
    await context.close();
    expect(await adminFinds("bot@example.com")).not.toContain("Bot Honey");
  });
});

describe("the contact form", () => {
  it("sends a message, and keeps the data when the server fails", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/contact");
    await hydrated(page);
    await page.getByLabel("Name").fill("Cora Contact");
    await page.getByLabel("Email").fill("cora@example.com");
    await page.getByLabel("Message").fill("Could you build a site for my bakery?");

    await page.route("**/contact-message", (route) => route.abort());
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("We could not reach our server").first().waitFor();
    expect(await page.getByLabel("Message").inputValue()).toBe("Could you build a site for my bakery?");

    await page.unroute("**/contact-message");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("We'll get back to you within 24-48 business hours. Check your email!").first().waitFor();
    expect(await page.getByLabel("Message").inputValue()).toBe("");
    await context.close();
    expect(await adminFinds("cora@example.com")).toContain("Cora Contact");
  });

  it("shows its toast clear of the form, the header and the sticky offer on a desktop, and of the header on a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await visitor(viewport);
      const page = await context.newPage();
      await page.goto("/contact");
      if (viewport === PHONE) await startedOnNarrowScreen(page);
      else await hydrated(page);
      await page.getByLabel("Name").fill("Tess Toast");
      await page.getByLabel("Email").fill("tess.toast@example.com");
      await page.getByLabel("Message").fill("Where do toasts go?");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Message Sent!").first().waitFor();
      // A phone shows it across the bottom, over the page as it scrolls by: never over the header.
      expect(await controlsUnderToast(page, viewport === PHONE ? "fixed" : "all"), `${viewport.width}px`).toEqual([]);
      await context.close();
    }
  });

  it("works without JavaScript and says what is missing", async () => {
    const context = await visitor(PHONE, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Nia Nojs");
    await page.getByLabel("Email").fill("nia@example.com");
    // The browser's own check would stop an empty message; remove it to see the server's answer.
    await page.getByLabel("Message").evaluate((element) => element.removeAttribute("required"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message is required").waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe("Nia Nojs");
    await page.getByLabel("Message").fill("Hello from a browser without scripts");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent!").waitFor();
    await context.close();
  });
});

/** Holds back every script of the app, as a slow phone's connection would, until `release` is called. */
async function holdScripts(page: Page): Promise<{ requested: string[]; release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route("**/assets/*.js", async (route) => {
    // Which page asked: the page a tap left, or the one it led to.
    requested.push(`${new URL(route.request().frame().url()).pathname} ${route.request().url()}`);
    await held;
    await route.continue().catch(() => undefined);
  });
  return { requested, release };
}

/** The inquiry form's preset, as the page or dialog holding it will post it. */
async function presetOf(scope: Page | ReturnType<Page["getByRole"]>) {
  return {
    tier: await scope.locator('input[name="tier"]').inputValue(),
    promo: await scope.locator('input[name="promo"]').inputValue(),
  };
}

const HOME_CALLS_TO_ACTION = [
  { name: "Claim $99 Offer", tier: "1", promo: "true" },
  { name: "Get a Custom Quote", tier: "3", promo: "false" },
  { name: "Claim the $99 Starter", tier: "1", promo: "true" },
  { name: "Choose Growth Site", tier: "2", promo: "false" },
  { name: "Get a Catering Website", tier: "catering", promo: "false" },
  { name: "Get a Rental Website", tier: "rentals", promo: "false" },
  { name: "Claim Your $99 Website", tier: "1", promo: "true" },
  { name: "Request a Quote", tier: "", promo: "false" },
];

describe("a call to action tapped before the app has loaded", () => {
  it("opens the inquiry's own page with the button's preset tier and promo flag, on a phone that fetches no script", async () => {
    const context = await visitor(PHONE);
    for (const entry of HOME_CALLS_TO_ACTION) {
      const page = await context.newPage();
      const scripts = await holdScripts(page);
      await page.goto("/");
      await page.getByRole("main").getByRole("link", { name: entry.name, exact: true }).first().tap();
      await page.waitForURL("**/start-your-project**");
      await page.getByRole("heading", { level: 1, name: entry.promo === "true" ? "Claim Your $99 Website" : "Tell Us About Your Project" }).waitFor();
      expect(await presetOf(page), entry.name).toEqual({ tier: entry.tier, promo: entry.promo });
      // Nothing of the app was fetched, for the tap or on the page it led to, until the visitor acts there.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(scripts.requested, entry.name).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it("works the same from the header, the mobile menu (a popover, open without the app), How It Works, About and the portfolio", async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    const scripts = await holdScripts(page);
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).tap();
    const menu = page.locator("#mobile-menu");
    for (const label of ["Home", "How It Works", "Website Packages", "Portfolio", "About", "Contact", "Admin"]) {
      await menu.getByRole("link", { name: label, exact: true }).waitFor();
    }
    await menu.getByRole("link", { name: "Claim $99 Offer" }).tap();
    await page.waitForURL("**/start-your-project?tier=1&promo=1");
    expect(await presetOf(page)).toEqual({ tier: "1", promo: "true" });

    for (const path of ["/how-it-works", "/about"]) {
      await page.goto(path);
      await page.getByRole("main").getByRole("link", { name: "Start Your Project" }).tap();
      await page.waitForURL("**/start-your-project");
      expect(await presetOf(page), path).toEqual({ tier: "", promo: "false" });
    }

    await page.goto("/portfolio");
    await page.getByRole("link", { name: /Bounce & Bash Party Rentals/ }).tap();
    await page.waitForURL(/\/portfolio\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Bounce & Bash Party Rentals" }).waitFor();
    await page.getByText("Online deposits and payments").waitFor();
    expect(scripts.requested).toEqual([]);

    const wide = await context.newPage();
    await wide.setViewportSize(DESKTOP);
    const wideScripts = await holdScripts(wide);
    await wide.goto("/packages");
    await wide.getByRole("banner").getByRole("link", { name: "Claim $99 Offer" }).click();
    await wide.waitForURL("**/start-your-project?tier=1&promo=1");
    wideScripts.release();
    await context.close();
  });

  it("is answered once: the page if the tap came first, the dialog once the app runs, never both", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    const scripts = await holdScripts(page);
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Get a Custom Quote" }).click();
    await page.waitForURL("**/start-your-project?tier=3");
    scripts.release();
    await hydrated(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(page.url()).toMatch(/\/start-your-project\?tier=3$/);
    await context.close();
  });
});

describe("'Claim $99 Offer' gives a code", () => {
  it("from the header's dialog and from the inquiry's page without JavaScript: the lead holds the code and its days, the e-mail log shows it, converting bills $99", async () => {
    const withScript = await visitor(DESKTOP);
    const page = await withScript.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Claim $99 Offer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Hana Header");
    await dialog.getByLabel("Email").fill("hana.header@example.com");
    await dialog.getByRole("button", { name: "Claim My $99 Website" }).click();
    await page.getByText("We'll get back to you within 24-48 hours. Check your email!").waitFor();
    // Claimed as by the offer's own form: the sticky button goes and stays gone.
    await page.locator("button.fixed", { hasText: "Claim $99 Offer" }).waitFor({ state: "detached" });
    expect(await page.evaluate(() => window.localStorage.getItem("promo_claimed"))).toBe("true");
    await withScript.close();

    const withoutScript = await visitor(DESKTOP, { javaScriptEnabled: false });
    const form = await withoutScript.newPage();
    await form.goto("/start-your-project?tier=1&promo=1");
    await form.getByLabel("Name").fill("Nils Nojs");
    await form.getByLabel("Email").fill("nils.nojs@example.com");
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    await form.waitForURL("**/thank-you");
    await withoutScript.close();

    const admin = await adminContext(browser, app.url, { viewport: { width: 1440, height: 900 } });
    const office = await admin.newPage();
    for (const email of ["hana.header@example.com", "nils.nojs@example.com"]) {
      await office.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
      const row = office.getByRole("table", { name: "Leads" }).locator("tbody tr");
      const code = /LAUNCH-[0-9A-Z]+-[0-9A-Z]{4}/.exec((await row.textContent()) ?? "")?.[0];
      expect(code, email).toBeDefined();
      expect(await row.textContent(), email).toContain("7 days");
      // The mail that confirmed the inquiry carried the code, and the log says so.
      await office.goto(`/admin/emails?q=${encodeURIComponent(email)}&type=inquiry_confirmation_promo`);
      const logged = office.getByRole("table", { name: "E-mails" }).locator("tbody tr");
      expect(await logged.count(), email).toBe(1);
      expect(await logged.textContent(), email).toContain(code);
      await logged.getByRole("link").first().click();
      await office.getByRole("heading", { level: 1, name: /Your \$99 website is reserved/ }).waitFor();
      expect(await office.getByRole("definition").filter({ hasText: code! }).count()).toBe(1);
    }

    await office.goto("/admin/leads?q=hana.header");
    await hydrated(office);
    await office.getByRole("button", { name: "Actions for Hana Header" }).click();
    await office.getByRole("menuitem", { name: "Convert to Client" }).click();
    await office.getByText("Hana Header converted to customer successfully").waitFor();
    await office.goto("/admin/clients?q=hana.header");
    await office.getByRole("link", { name: "Hana Header" }).click();
    await office.getByRole("tab", { name: /Invoices/ }).click();
    expect(await office.getByRole("tabpanel").getByRole("row", { name: /INV-/ }).textContent()).toMatch(/draft.*\$99\.00/);
    await admin.close();
  });
});

describe("the inquiry's own page", () => {
  it("without JavaScript creates its lead once, keeps what was typed when refused, and ends on the thank-you page", async () => {
    const context = await visitor(DESKTOP, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/start-your-project?tier=catering");
    // Blank to the server (spaces pass the browser's own check): refused, with what was typed kept.
    await page.getByLabel("Name").fill("   ");
    await page.getByLabel("Email").fill("nadia.nojs@example.com");
    await page.getByLabel("Phone").fill("214-555-0142");
    await page.getByRole("button", { name: "Send Inquiry" }).click();
    await page.getByText("Name is required").waitFor();
    expect(page.url()).toMatch(/\/start-your-project\?tier=catering$/);
    expect(await page.getByLabel("Email").inputValue()).toBe("nadia.nojs@example.com");
    expect(await page.getByLabel("Phone").inputValue()).toBe("214-555-0142");
    expect(await presetOf(page)).toEqual({ tier: "catering", promo: "false" });
    await page.getByLabel("Name").fill("Nadia Nojs");
    let posted = "";
    page.on("request", (request) => {
      if (request.method() === "POST") posted = request.postData() ?? "";
    });
    await page.getByRole("button", { name: "Send Inquiry" }).click();
    await page.waitForURL("**/thank-you");
    // The same post again (a double tap, a resent request): answered as a success, nothing made twice.
    expect(posted).toContain("submissionKey=");
    const again = await page.request.post("/start-your-project?tier=catering", {
      headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      data: posted,
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe("/thank-you");
    await page.getByRole("heading", { level: 1, name: "Thank you!" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Thank you!" }).waitFor();
    await context.close();
    const found = await adminFinds("nadia.nojs@example.com");
    expect(found.match(/nadia\.nojs@example\.com/g)).toHaveLength(1);
    expect(found).toContain("Catering");
  });

  it("with JavaScript posts in place, then goes on to the thank-you page", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/start-your-project?tier=2");
    await hydrated(page);
    await page.getByLabel("Name").fill("Jonas Page");
    await page.getByLabel("Email").fill("jonas.page@example.com");
    await page.getByRole("button", { name: "Send Inquiry" }).click();
    await page.waitForURL("**/thank-you");
    await page.getByText("We'll get back to you within 24-48 hours. Check your email!").waitFor();
    await context.close();
    expect(await adminFinds("jonas.page@example.com")).toContain("Growth");
  });
});

describe("the inquiry dialog, once the app runs", () => {
  it("opens from each call to action with its preset tier and promo flag, traps focus, and returns focus on Escape", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const main = page.getByRole("main");
    for (const entry of HOME_CALLS_TO_ACTION) {
      const link = main.getByRole("link", { name: entry.name, exact: true }).first();
      await link.click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").waitFor();
      expect(page.url(), entry.name).toBe(`${app.url}/`);
      expect(await presetOf(dialog), entry.name).toEqual({ tier: entry.tier, promo: entry.promo });
      // Focus stays inside the dialog however far one tabs.
      for (let index = 0; index < 12; index += 1) await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    await context.close();
  });

  it("a catering inquiry is stored with its tier, and a refused one keeps its data", async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Get a Catering Website" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Ines Inquiry");
    await dialog.getByLabel("Email").fill("ines@example.com");
    await page.route("**/inquiry", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ ok: false, fieldErrors: {}, values: {}, formError: "Something went wrong on our side and nothing was saved. Please try again in a moment." }) }));
    await dialog.getByRole("button", { name: "Send Inquiry" }).click();
    await page.getByText("Something went wrong on our side").first().waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Ines Inquiry");
    await page.unroute("**/inquiry");
    await dialog.getByRole("button", { name: "Send Inquiry" }).click();
    await page.getByText("Thank you!").waitFor();
    await dialog.waitFor({ state: "detached" });
    await context.close();
    expect(await adminFinds("ines@example.com")).toContain("Catering");
  });

  it("a phone that only reads fetches no script; its first touch on the page loads the app, and the menu closes when the app moves on", async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    const scriptsFetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scriptsFetched.push(request.url());
    });
    await page.goto("/");
    // Read only, past the moment a wide screen loads its scripts (the first frame after the page is
    // parsed), and touching a link or the menu's button, which need no app: no script is fetched.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))));
    await page.locator('a[href="/packages"]').first().dispatchEvent("pointerdown");
    await page.getByRole("button", { name: "Open menu" }).tap();
    await page.locator("#mobile-menu").getByRole("link", { name: "Contact" }).waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(scriptsFetched).toEqual([]);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    // A touch on the page itself starts the app; the open menu then follows the app's navigation.
    await page.locator("#mobile-menu-title").dispatchEvent("pointerdown");
    await hydrated(page);
    await page.locator("#mobile-menu").getByRole("link", { name: "Website Packages" }).tap();
    await page.waitForURL("**/packages");
    await page.getByRole("heading", { level: 1, name: "Website Packages" }).waitFor();
    expect(await page.locator("#mobile-menu").evaluate((menu) => menu.matches(":popover-open"))).toBe(false);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });
});
