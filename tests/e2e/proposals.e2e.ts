import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.mjs";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { pdfSignatures } from "../support/pdf-tools";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { type AppServer, startAppServer } from "./support/app-server";
import { adminContext, downloadedBytes, hydrated, launchBrowser } from "./support/browser";

// Issue 44 as the agency and a client would: a proposal with two packages and an optional add-on,
// sent; the e-mailed link, the total following the client's picks, signing refused without the
// consent box, then signed; the deposit invoice shown, the sealed PDF e-mailed (pdfsig: valid),
// and the client, the project and the two invoices at the right amounts; the deposit paid by card
// from the same link through the Stripe stand-in (the app started with its three variables).

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let standIn: StripeStandIn;
let scene: Scene<"proposals">;
let admin: Page;

beforeAll(async () => {
  const prepared = sceneDataDir("proposals");
  scene = prepared.scene;
  [mail, standIn] = await Promise.all([startMailServer(), startStripeStandIn()]);
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  standIn.webhookUrl = `${url}/webhooks/stripe`;
  [app, browser] = await Promise.all([startAppServer({ DATA_DIR: prepared.dataDir, SMTP_URL: mail.url, PORT: port, PUBLIC_URL: url, ...standIn.environment }), launchBrowser()]);
  admin = await (await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 } })).newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
  await standIn?.stop();
});

describe("a proposal chosen, signed and billed from one link", () => {
  it("goes from the agency's proposal to the client's signature and deposit invoice", async () => {
    // The agency: 'New proposal' on the lead's page, two packages and an optional add-on, sent.
    await admin.goto(`/admin/leads/${scene.leadId}`);
    await hydrated(admin);
    await admin.getByRole("button", { name: "New proposal" }).click();
    await admin.getByRole("heading", { name: "Website proposal for Jordan Rivera" }).waitFor();
    await hydrated(admin);
    await admin.getByRole("checkbox", { name: /Tier 1 – Starter/ }).check();
    await admin.getByLabel("SEO setup: offered as").selectOption("optional");
    await admin.getByRole("button", { name: "Save", exact: true }).click();
    await admin.getByText("Proposal saved").first().waitFor();
    await admin.getByRole("button", { name: "Send", exact: true }).click();
    await admin.getByText("Proposal sent").first().waitFor();

    const sent = await mail.waitFor((message) => (message.text ?? "").includes("/proposal/"));
    const link = /https?:\/\/\S+\/proposal\/[A-Za-z0-9_-]{43}/.exec(sent.text ?? "")?.[0] ?? "";
    expect(link.startsWith(`${app.url}/proposal/`)).toBe(true);

    // The client, on a phone: the choice, the total following the picks.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(link);
    await hydrated(page);
    await page.getByRole("radio", { name: "Tier 1 – Starter" }).waitFor();
    const total = page.locator('[data-money="Total"]');
    const deposit = page.locator('[data-money="Deposit due on signing"]');
    await page.getByRole("radio", { name: "Tier 2 – Growth Site" }).check();
    await expect.poll(() => total.textContent()).toBe("$249.00");
    await page.getByRole("checkbox", { name: /SEO setup/ }).check();
    await expect.poll(() => total.textContent()).toBe("$324.00");
    expect(await deposit.textContent()).toBe("$162.00");

    // Read, then consent and sign; without the box, refused and the name kept.
    await page.getByRole("button", { name: "Continue to the agreement" }).click();
    await page.getByLabel("Agreement").getByText(/The total price is \$324\.00/).waitFor();
    // Laid out as its PDF is: the contract's `#` lines are its headings, not markup shown as typed.
    const agreement = page.getByLabel("Agreement");
    await agreement.getByRole("heading", { name: "Website services agreement", level: 3 }).waitFor();
    expect(await agreement.getByRole("heading", { level: 4 }).count()).toBeGreaterThan(0);
    expect(await agreement.textContent()).not.toContain("# ");
    await page.getByRole("button", { name: "Continue to sign" }).click();
    await page.getByText("By signing I agree to the terms above").waitFor();
    await hydrated(page);
    await page.getByLabel("Your full legal name").fill("Jordan A. Rivera");
    await page.getByRole("button", { name: "Sign and accept" }).click();
    await page.getByRole("alert").getByText("Tick the box to agree to electronic records and signatures").waitFor();
    expect(await page.getByLabel("Your full legal name").inputValue()).toBe("Jordan A. Rivera");
    await page.getByRole("checkbox", { name: /electronic records and signatures/ }).check();
    await page.getByRole("button", { name: "Sign and accept" }).click();

    // The deposit invoice straight after, with the bank transfer.
    await page.getByRole("heading", { name: "Signed by Jordan A. Rivera. Thank you!" }).waitFor();
    await page.getByText(/Deposit invoice INV-\d+: \$162\.00 due/).waitFor();
    await page.getByText(/How to pay by bank transfer/).waitFor();
    const payNow = page.getByRole("button", { name: "Pay now" });
    await payNow.waitFor();

    // The sealed PDF by e-mail, its signature valid.
    const signedMail = await mail.waitFor((message) => message.subject === "Your signed agreement with Bright Pixel Studio" || /signed agreement/i.test(message.subject ?? ""));
    const pdf = signedMail.attachments.find((attachment) => attachment.contentType === "application/pdf");
    expect(pdf).toBeDefined();
    expect(await pdfSignatures(pdf?.content ?? Buffer.alloc(0))).toMatch(/Signature is Valid/);

    // The agency's side: the client, the project and the invoices at the right amounts.
    await admin.goto("/admin/invoices");
    await admin.getByText("Jordan Rivera").first().waitFor();
    const rows = await admin.getByRole("row").filter({ hasText: "Jordan Rivera" }).allTextContents();
    // The deposit sent and the remainder drafted, each $162.00 of the $324.00, both on the new project.
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => /PRJ-\d+sent\$162\.00/.test(row))).toHaveLength(1);
    expect(rows.filter((row) => /PRJ-\d+draft\$162\.00/.test(row))).toHaveLength(1);
    await admin.goto("/admin/projects");
    await admin.getByText("Website proposal for Jordan Rivera").first().waitFor();

    // The proposals list counts it as signed; its record verifies.
    await admin.goto("/admin/proposals?status=signed");
    const tiles = admin.getByRole("region", { name: "Proposal statistics" });
    expect((await tiles.textContent())?.replace(/\s+/g, "")).toContain("Signed1");
    expect(await admin.getByRole("table", { name: "Proposals" }).getByRole("row").count()).toBe(2);
    await admin.getByRole("link", { name: "Website proposal for Jordan Rivera" }).click();
    await admin.getByRole("heading", { name: "Record (chain verified)" }).waitFor();
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Signed PDF" }).click()]);
    expect(await pdfSignatures(await downloadedBytes(download))).toMatch(/Signature is Valid/);

    // The client pays the deposit by card from the same link: Stripe's page, back to the invoice
    // once the signed event recorded it; the link then shows it paid, and the proposal is paid.
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await payNow.click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    await page.getByRole("heading", { name: "Pay $162.00" }).waitFor();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.getByText("Payment received").waitFor();
    expect(blocked).toEqual([]);
    await page.goto(link);
    await page.getByText(/Deposit invoice INV-\d+: \$162\.00 paid/).waitFor();
    expect(await page.getByRole("button", { name: "Pay now" }).count()).toBe(0);
    expect(await page.getByText(/How to pay by bank transfer/).count()).toBe(0);
    await admin.goto("/admin/proposals?status=paid");
    await admin.getByRole("table", { name: "Proposals" }).getByRole("link", { name: "Website proposal for Jordan Rivera" }).waitFor();

    // A contract template naming a placeholder the contract cannot fill is refused.
    await admin.goto("/admin/proposals/contracts");
    await hydrated(admin);
    const adding = admin.locator("form").filter({ has: admin.getByRole("button", { name: "Add contract template" }) });
    await adding.getByLabel("Name").fill("Short agreement");
    await adding.getByLabel("Contract text").fill("Hello {{Nobody}}");
    await adding.getByRole("button", { name: "Add contract template" }).click();
    await adding.getByRole("alert").getByText("Unknown placeholder: {{Nobody}}").waitFor();
    expect(await admin.getByRole("alert").filter({ hasText: "Unknown placeholder" }).count()).toBe(1);
    await phone.close();
  });
});
