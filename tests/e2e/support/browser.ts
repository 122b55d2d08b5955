import fs from "node:fs";
import AxeBuilder from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Download, type Page } from "playwright-core";
import { inject } from "vitest";
import { E2E_ADMIN, signInCookies } from "./app-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's Chromium (global setup), for each browser test file to connect to. */
    browserEndpoint?: string;
  }
}

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * Debian's Chromium headless shell (the engine without the browser's own window and compositor,
 * as Playwright's headless default is): half the CPU of the full browser run headless, on a
 * machine where the browser run is bound by CPU (decision 036). The full browser when the shell
 * is not installed; CHROME_PATH overrides both.
 */
const CHROMIUM_EXECUTABLE = process.env.CHROME_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM_EXECUTABLE,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * Debian's Chromium (its headless shell, or CHROME_PATH), with no calls to the outside network,
 * started once for the whole browser run (each file used to start its own: a second of CPU and
 * more each). Stop it with `close()`.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_OPTIONS);
}

/**
 * The browser a test file drives: a connection to the run's Chromium when the global setup
 * started one, else a Chromium of its own. Either way `close()` at the end of the file closes
 * every context the file opened (a connection's contexts go with it).
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject("browserEndpoint");
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * The bytes of a finished download, through Playwright's own stream: with the run's one Chromium,
 * the file is on the browser's side, and `download.path()` is not offered to a connected client.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A browser context signed in as the e2e admin (or another account): the session is made through the auth API, not the form. */
export async function adminContext(
  browser: Browser,
  appUrl: string,
  options: BrowserContextOptions = {},
  account: { email: string; password: string } = E2E_ADMIN,
): Promise<BrowserContext> {
  const cookies = await signInCookies(appUrl, account);
  const context = await browser.newContext({ baseURL: appUrl, ...options });
  const url = new URL(appUrl);
  await context.addCookies(cookies.map(({ name, value }) => ({ name, value, domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" as const })));
  return context;
}

/**
 * A visitor's browser context with the offer popup already seen: the popup (2 s after load on a
 * wide screen) would otherwise cover what a test that is not about it clicks, on a slow machine.
 */
export async function popupSeenVisitor(browser: Browser, appUrl: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const visitor = await browser.newContext({ baseURL: appUrl, ...options });
  await visitor.addCookies([{ name: "promo_popup_seen", value: "1", url: appUrl }]);
  return visitor;
}

/** The root marks <html data-hydrated> once React has taken over the server-rendered page: interact only after that. */
export async function hydrated(page: Page, timeout?: number): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", ...(timeout ? { timeout } : {}) });
}

type InAppRouter = { navigate(to: string): Promise<void>; state: { navigation: { state: string }; location: { key: string } } };

/**
 * Goes to `path` as a link in the app does: a client-side navigation (React Router fetches the
 * page's data, the document stays), when the page already runs the app on this origin; otherwise
 * a full load. A full load costs Chromium a new document to parse, style and hydrate (a second or
 * two of CPU here); tests that are about a first load use `page.goto`.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const target = new URL(path, origin === "null" ? "http://localhost" : origin);
  const running = origin !== "null" && target.origin === origin && (await page.locator("html[data-hydrated]").count()) > 0;
  if (!running) {
    await page.goto(path);
    return;
  }
  await page.evaluate(async (to) => {
    const router = (window as unknown as { __reactRouterDataRouter?: InAppRouter }).__reactRouterDataRouter;
    if (!router) throw new Error("React Router's router is not on this page");
    await router.navigate(to);
  }, target.pathname + target.search + target.hash);
  // The navigation's promise settles once its loaders have answered; a redirect among them goes on,
  // and React paints the new page after the router turns idle (a transition): wait for its commit.
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: InAppRouter }).__reactRouterDataRouter;
    return router?.state.navigation.state === "idle" && document.documentElement.dataset.shownLocation === router.state.location.key;
  });
}

/** Waits for a toast that says `text`. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

/**
 * Whether the toast that says `text` is painted on top at its middle, over the page and over any
 * open dialog. Asked of the browser's own hit test through the DevTools protocol, counting elements
 * that take no clicks: an open modal dialog makes everything outside it inert, the toasts included.
 */
export async function toastOnTop(page: Page, text: string): Promise<boolean> {
  const shown = page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  await shown.waitFor();
  const devTools = await page.context().newCDPSession(page);
  try {
    await devTools.send("DOM.getDocument", { depth: 0 });
    /** Whether the topmost element at the toast's centre is (inside) the toast, now. */
    const toastIsHit = async (): Promise<boolean> => {
      const box = await shown.boundingBox();
      if (!box) return false;
      const hit = await devTools
        .send("DOM.getNodeForLocation", { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2), ignorePointerEventsNone: true })
        .catch(() => null);
      if (!hit) return false;
      const { object } = await devTools.send("DOM.resolveNode", { backendNodeId: hit.backendNodeId });
      const { result } = await devTools.send("Runtime.callFunctionOn", {
        objectId: object.objectId,
        functionDeclaration: "function (text) { const toast = this.closest && this.closest('[data-sonner-toast]'); return toast !== null && toast.textContent.includes(text); }",
        arguments: [{ value: text }],
        returnByValue: true,
      });
      return result.value === true;
    };
    // A toast slides in: ask again until it has settled where it stays (or 3 s have passed).
    const until = Date.now() + 3_000;
    while (!(await toastIsHit())) {
      if (Date.now() > until) return false;
      await page.waitForTimeout(100);
    }
    return true;
  } finally {
    await devTools.detach();
  }
}

/** axe-core's violations on the current page. */
export async function accessibilityViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as an inline <script>: the page's
  // Content-Security-Policy (rightly) refuses inline scripts without its nonce.
  await page.evaluate(AxeBuilder.source);
  // Sections far below the fold are not rendered until a reader nears them (content-visibility:
  // auto, app.css), and axe would read a skipped section's colours from the page behind it: render
  // them, as a reader who scrolls down sees them, before the check.
  // Then let colours that are still changing (a transition, a fade-in) settle: axe reads them as they are painted now.
  await page.evaluate(async () => {
    for (const section of document.querySelectorAll<HTMLElement>(".render-near-viewport")) section.style.contentVisibility = "visible";
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target) }));
  });
}

/**
 * The visible controls (buttons, links, fields) a toast covers on the current page, by their text
 * or label: all of them, or only those that stay in place as the page scrolls (a sticky header, a
 * fixed button), which a visitor cannot move out from under it.
 */
export async function controlsUnderToast(page: Page, which: "all" | "fixed" = "all"): Promise<string[]> {
  const toast = page.locator("[data-sonner-toast]").first();
  await toast.waitFor();
  // Its entrance is an animation: read where it comes to rest.
  await page.waitForTimeout(600);
  return toast.evaluate((element, onlyFixed) => {
    const box = element.getBoundingClientRect();
    const region = element.closest("section") ?? element;
    const staysInPlace = (control: Element) => {
      for (let node: Element | null = control; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    };
    const controls = [...document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox]")];
    return controls
      .filter((control) => !region.contains(control) && control.getClientRects().length > 0 && (!onlyFixed || staysInPlace(control)))
      .filter((control) => {
        const rect = control.getBoundingClientRect();
        return rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
      })
      .map((control) => (control.getAttribute("aria-label") ?? control.textContent ?? control.getAttribute("name") ?? control.tagName).trim());
  }, which === "fixed");
}

/** A record page's rare or destructive action, in its "More" menu (decision 050): opens the menu, chooses the item. */
export async function openMoreMenuItem(page: Page, item: string): Promise<void> {
  // A menu still closing would take the click on its button as "close".
  await page.getByRole("menu").waitFor({ state: "detached" });
  await page.getByRole("button", { name: /^More actions for / }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}
