import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminContext, goInApp, hydrated, launchBrowser, popupSeenVisitor, toast } from "./support/browser";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let admin: BrowserContext;

beforeAll(async () => {
  mail = await startMailServer();
  [app, browser] = await Promise.all([startAppServer({ SMTP_URL: mail.url }), launchBrowser()]);
  admin = await adminContext(browser, app.url);
  // A cold start with its migrations is slow on a machine shared with other builds.
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

const STEP_1_TEMPLATE = "Inquiry confirmation ($99 offer)";
const STEP_2_TEMPLATE = "Inquiry confirmation";

describe("cadences, end to end", () => {
  it("an admin builds a two-step cadence for promo claims; a visitor claims; the worker sends step 1 and the lead's timeline shows it", async () => {
    const page = await admin.newPage();
    await goInApp(page, "/admin/cadences");
    await page.getByText("No cadences yet").waitFor();
    await page.getByRole("link", { name: "New Cadence" }).click();
    await page.getByRole("heading", { name: "New Cadence" }).waitFor();
    await hydrated(page);

    // Refused without a template: the field says so and what was typed stays.
    await page.getByLabel("Name").fill("Promo follow-up");
    await page.getByRole("button", { name: "Create Cadence" }).click();
    await page.locator('[id="steps.0.templateId-error"]').filter({ hasText: "Choose a template" }).waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe("Promo follow-up");

    await page.getByLabel("Trigger").selectOption({ label: "Promo claimed" });
    const step1 = page.getByRole("listitem", { name: "Step 1" });
    await step1.getByLabel("Delay").fill("0");
    await step1.getByLabel("Unit").selectOption("hours");
    await step1.getByLabel("Template").selectOption({ label: STEP_1_TEMPLATE });
    await step1.getByLabel("Lead is not converted").check();
    await page.getByRole("button", { name: "Add step" }).click();
    const step2 = page.getByRole("listitem", { name: "Step 2" });
    await step2.getByLabel("Delay").fill("1");
    await step2.getByLabel("Template").selectOption({ label: STEP_2_TEMPLATE });
    await step2.getByLabel("Lead has not booked a consultation").check();
    expect(await step2.getByText("(+1 hour after enrolment)").count()).toBe(1);
    await page.getByRole("button", { name: "Create Cadence" }).click();
    await page.waitForURL("**/admin/cadences");
    await toast(page, "Cadence created");
    const row = page.getByRole("row").filter({ hasText: "Promo follow-up" });
    await row.getByText("Promo claimed").waitFor();
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("2");
    expect(await row.getByRole("switch", { name: "Promo follow-up active" }).getAttribute("aria-checked")).toBe("true");

    // A visitor claims the $99 offer on the packages page.
    const visitor = await popupSeenVisitor(browser, app.url);
    const site = await visitor.newPage();
    await goInApp(site, "/packages");
    await hydrated(site);
    const form = site.locator("#claim");
    await form.getByLabel("Full name").fill("Casey Cadence");
    await form.getByLabel("Email").fill("casey@example.com");
    await form.getByLabel("Phone").fill("214-555-0177");
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    await site.getByTestId("promo-code").waitFor();
    await visitor.close();

    // The worker (every 15 s) sends step 1 through the real SMTP server.
    const received = await mail.waitFor((message) => message.envelopeTo.includes("casey@example.com") && message.subject === "Your $99 website is reserved, Casey");
    expect(received.text).toContain("Hi Casey");
    expect(received.text).not.toContain("{{");
    expect(mail.messages.some((message) => message.subject?.startsWith("We received your inquiry"))).toBe(false);

    await goInApp(page, "/admin/leads");
    await page.getByRole("link", { name: "Casey Cadence" }).click();
    await page.getByText("Enrolled in cadence Promo follow-up").waitFor();
    await page.getByText("Cadence Promo follow-up: step 1 sent").waitFor();
    await page.getByText(`Template: ${STEP_1_TEMPLATE}`).waitFor();

    // 'Enrol in cadence' on the leads list: a lead already in the cadence is not enrolled twice.
    await goInApp(page, "/admin/leads");
    await hydrated(page);
    await page.getByRole("checkbox", { name: "Select Casey Cadence" }).check();
    await page.getByRole("button", { name: "Enrol in cadence" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Cadence").selectOption({ label: "Promo follow-up" });
    await dialog.getByRole("button", { name: "Enrol", exact: true }).click();
    await toast(page, "0 lead(s) enrolled in Promo follow-up");

    // The list counts the enrolment; pausing says so.
    await goInApp(page, "/admin/cadences");
    const listed = page.getByRole("row").filter({ hasText: "Promo follow-up" });
    expect(await listed.getByRole("cell").nth(3).textContent()).toBe("1");
    await hydrated(page);
    await listed.getByRole("switch", { name: "Promo follow-up active" }).click();
    await toast(page, "Promo follow-up is paused");
    await page.close();
  });

  it("the sandbox refuses without a choice, sends a template, and sends every step of a cadence with its schedule shown", async () => {
    const page = await admin.newPage();
    await goInApp(page, "/admin/testing");
    await page.getByRole("heading", { name: "Email Testing Sandbox" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Test email address").fill("tester@example.com");
    await page.getByRole("button", { name: "Send test" }).click();
    await page.locator("#cadenceId-error").filter({ hasText: "Choose a template or a cadence" }).waitFor();
    await page.locator("#templateId-error").filter({ hasText: "Choose a template or a cadence" }).waitFor();

    await page.getByLabel("Template").selectOption({ label: "Promo welcome (your $99 code)" });
    await page.getByRole("button", { name: "Send test" }).click();
    await toast(page, "Promo welcome (your $99 code) sent to tester@example.com");
    const template = await mail.waitFor((message) => message.envelopeTo.includes("tester@example.com") && message.subject === "Your $99 website code: LAUNCH-7K2QX9");
    expect(template.text).toContain("Hi Jordan");
    const sends = page.getByRole("list", { name: "Recent test sends" });
    await sends.getByRole("link", { name: "Your $99 website code: LAUNCH-7K2QX9" }).waitFor();
    expect(await sends.getByRole("link").first().getAttribute("href")).toMatch(/^\/admin\/emails\/[0-9a-f-]{36}$/);

    await page.getByLabel("Cadence").selectOption({ label: "Promo follow-up (paused)" });
    const schedule = page.getByRole("list", { name: "Cadence schedule" });
    await schedule.getByText("Step 1: Day 0").waitFor();
    await schedule.getByText("Step 2: +1 hour").waitFor();
    await schedule.getByText("Only if: Lead has not booked a consultation").waitFor();
    await page.getByRole("button", { name: "Send all steps now" }).click();
    await toast(page, "2 step(s) of Promo follow-up sent to tester@example.com");
    await mail.waitFor((message) => message.envelopeTo.includes("tester@example.com") && message.subject === "Your $99 website is reserved, Jordan");
    await mail.waitFor((message) => message.envelopeTo.includes("tester@example.com") && message.subject === "We received your inquiry, Jordan");
    await sends.getByText("Promo follow-up · step 2", { exact: false }).waitFor();

    // Deleted from its row's menu, asked first; its editor's link then returns to the list, which says so.
    await goInApp(page, "/admin/cadences");
    await hydrated(page);
    const editor = await page.getByRole("link", { name: "Promo follow-up" }).getAttribute("href");
    await page.getByRole("button", { name: "Actions for Promo follow-up" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this cadence?" });
    await confirm.getByText("What was already sent stays in the e-mail log.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Promo follow-up deleted");
    await page.getByText("No cadences yet").waitFor();
    await goInApp(page, editor ?? "");
    await page.waitForURL(/\/admin\/cadences$/);
    await toast(page, "Cadence not found");
    await page.close();
  });
});
