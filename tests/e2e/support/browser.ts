import AxeBuilder from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { E2E_ADMIN } from "./app-server";

/** Debian's Chromium (CHROME_PATH overrides), headless, with no calls to the outside network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
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
  });
}

/** A browser context signed in as the e2e admin (or another account): the session is made through the auth API, not the form. */
export async function adminContext(
  browser: Browser,
  appUrl: string,
  options: BrowserContextOptions = {},
  account: { email: string; password: string } = E2E_ADMIN,
): Promise<BrowserContext> {
  const signIn = () =>
    fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: appUrl },
      body: JSON.stringify(account),
    });
  let response = await signIn();
  // Sign-in is rate-limited per address (a few a window): a test that signs in several accounts
  // at once waits the window out, as a person would, instead of failing.
  for (let attempt = 0; response.status === 429 && attempt < 3; attempt += 1) {
    const wait = Number(response.headers.get("Retry-After") ?? "10");
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(wait) && wait > 0 ? wait : 10) * 1000 + 250));
    response = await signIn();
  }
  if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`);
  const context = await browser.newContext({ baseURL: appUrl, ...options });
  const url = new URL(appUrl);
  await context.addCookies(
    response.headers.getSetCookie().map((line) => {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      return { name: name ?? "", value: value.join("="), domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" as const };
    }),
  );
  return context;
}

/** axe-core's violations on the current page. */
export async function accessibilityViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as an inline <script>: the page's
  // Content-Security-Policy (rightly) refuses inline scripts without its nonce.
  await page.evaluate(AxeBuilder.source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target) }));
  });
}
