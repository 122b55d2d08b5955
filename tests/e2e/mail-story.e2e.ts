import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.mjs";
import { startMailServer, type TestMailServer, type ReceivedMail } from "../support/mail-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { ageCadenceEnrolments } from "./support/time-passes";
import { adminContext, goInApp, hydrated, launchBrowser, popupSeenVisitor, toast } from "./support/browser";

// Issue 16's story as a new user lives it: a cadence for promo claims, a claim on the public site,
// step 1 through a real SMTP server, a one-click unsubscribe, and step 2 held back, all in the log.
const VISITOR = "morgan.story@example.com";
const STEP_1_TEMPLATE = "Inquiry confirmation ($99 offer)";
const STEP_1_SUBJECT = "Your $99 website is reserved, Morgan";
const STEP_2_TEMPLATE = "Inquiry confirmation";
const STEP_2_SUBJECT = "We received your inquiry, Morgan";

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let admin: BrowserContext;
/** Ours, not the app's: it outlives a restart of the app. */
let dataDir: string;
/** The app's origin, on a port chosen here: the links in the mails name it (PUBLIC_URL). */
let appUrl: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-mail-story-e2e-"));
  // A fixed port: the app is restarted on the same origin, and the links in the mails point at it.
  const port = String(await freePort());
  mail = await startMailServer();
  appUrl = `http://127.0.0.1:${port}`;
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: dataDir, SMTP_URL: mail.url, PORT: port, PUBLIC_URL: appUrl }), launchBrowser()]);
  admin = await adminContext(browser, appUrl);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function header(message: ReceivedMail, key: string): string | undefined {
  return message.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n[ \t]+/g, " ");
}

/** Step 2 is an hour away: with the app stopped, its enrolment is moved two hours back, then the app starts again. */
async function makeStepTwoDue() {
  await app.whileStopped(() => ageCadenceEnrolments(dataDir, 2));
}

describe("issue 16's story: a cadence that sends, stops on unsubscribe, and is all in the log", () => {
  it("builds a two-step cadence, a claim receives step 1, a one-click unsubscribe holds back step 2", async () => {
    // 1. The admin builds the cadence.
    const page = await admin.newPage();
    await goInApp(page, "/admin/cadences/new");
    await page.getByRole("heading", { name: "New Cadence" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Name").fill("Claim follow-up");
    await page.getByLabel("Trigger").selectOption({ label: "Promo claimed" });
    const step1 = page.getByRole("listitem", { name: "Step 1" });
    await step1.getByLabel("Delay").fill("0");
    await step1.getByLabel("Unit").selectOption("hours");
    await step1.getByLabel("Template").selectOption({ label: STEP_1_TEMPLATE });
    await page.getByRole("button", { name: "Add step" }).click();
    const step2 = page.getByRole("listitem", { name: "Step 2" });
    await step2.getByLabel("Delay").fill("1");
    await step2.getByLabel("Unit").selectOption("hours");
    await step2.getByLabel("Template").selectOption({ label: STEP_2_TEMPLATE });
    await step2.getByText("(+1 hour after enrolment)").waitFor();
    await page.getByRole("button", { name: "Create Cadence" }).click();
    await page.waitForURL("**/admin/cadences");
    await toast(page, "Cadence created");

    // 2. A visitor claims the $99 offer with a fresh address.
    const visitor = await popupSeenVisitor(browser, appUrl);
    const site = await visitor.newPage();
    await goInApp(site, "/packages");
    await hydrated(site);
    const form = site.locator("#claim");
    await form.getByLabel("Full name").fill("Morgan Story");
    await form.getByLabel("Email").fill(VISITOR);
    await form.getByLabel("Phone").fill("214-555-0188");
    await form.getByRole("button", { name: "Claim My $99 Website" }).click();
    await site.getByTestId("promo-code").waitFor();
    await visitor.close();

    const toVisitor = (message: ReceivedMail) => message.envelopeTo.includes(VISITOR);
    const welcome = await mail.waitFor((message) => toVisitor(message) && (message.subject ?? "").startsWith("Your $99 website code:"));
    expect(header(welcome, "list-unsubscribe")).toBeUndefined();
    const stepOne = await mail.waitFor((message) => toVisitor(message) && message.subject === STEP_1_SUBJECT);
    expect(stepOne.text).toContain("Hi Morgan");

    // 3. The mail client's one-click unsubscribe (RFC 8058): no cookie, only the one-click body.
    expect(header(stepOne, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const unsubscribeUrl = /<([^>]+)>/.exec(header(stepOne, "list-unsubscribe") ?? "")?.[1] ?? "";
    expect(unsubscribeUrl.startsWith(`${appUrl}/`)).toBe(true);
    expect(stepOne.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    const oneClick = await fetch(unsubscribeUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await page.close();

    // 4. Step 2 falls due; the worker holds it back and ends the enrolment.
    await makeStepTwoDue();
    const lead = await admin.newPage();
    await goInApp(lead, "/admin/leads");
    await lead.getByRole("link", { name: "Morgan Story" }).click();
    await lead.getByText("Enrolled in cadence Claim follow-up").waitFor();
    await lead.getByText("Cadence Claim follow-up: step 1 sent").waitFor();
    await lead.getByText("Unsubscribed from marketing e-mail").waitFor();
    await expect
      .poll(
        async () => {
          await lead.reload();
          return lead.getByText("Cadence Claim follow-up ended").count();
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(1);
    await lead.getByText("Cadence Claim follow-up: step 2 skipped").waitFor();
    expect(await lead.getByText("Because the address unsubscribed or is suppressed").count()).toBe(2);
    await lead.close();

    // The log: the welcome and step 1 sent; step 2 was never queued (the cadence recorded it skipped).
    const log = await admin.newPage();
    await goInApp(log, `/admin/emails?q=${encodeURIComponent(VISITOR)}`);
    await log.getByRole("heading", { level: 1, name: "Email Logs" }).waitFor();
    const rows = log.getByRole("table", { name: "E-mails" }).getByRole("row");
    const stepOneRow = rows.filter({ hasText: STEP_1_SUBJECT });
    await stepOneRow.getByText("sent", { exact: true }).waitFor();
    await rows.filter({ hasText: "Your $99 website code:" }).getByText("sent", { exact: true }).waitFor();
    // Mail reaches SMTP only through the outbox that this log lists, and the ended enrolment queues
    // nothing more: step 2 is in neither.
    expect(await rows.filter({ hasText: STEP_2_SUBJECT }).count()).toBe(0);
    expect(await rows.count()).toBe(3);
    expect(mail.messages.filter((message) => toVisitor(message) && message.subject === STEP_2_SUBJECT)).toEqual([]);

    // 5. Step 1 opens as it was sent, with its delivery attempt.
    await stepOneRow.getByRole("link").first().click();
    await log.getByRole("heading", { level: 1, name: new RegExp(STEP_1_SUBJECT.replace(/[$]/g, "\\$")) }).waitFor();
    await log.frameLocator('iframe[title="E-mail as sent"]').getByText("Hi Morgan", { exact: false }).first().waitFor();
    await log.getByRole("table", { name: "Delivery attempts" }).getByText("sent", { exact: true }).waitFor();
    await log.close();
  }, 600_000);
});
