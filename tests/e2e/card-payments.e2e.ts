import type { Browser, Page } from "playwright-core";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.mjs";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import type { Scene } from "../support/scenes";
import { sceneDataDir } from "../support/scene-data-dir";
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from "../support/stripe-stand-in";
import { type AppServer, startAppServer } from "./support/app-server";
import { adminContext, hydrated, launchBrowser } from "./support/browser";

// Issue 43 as a client pays: the invoice e-mail's link, 'Pay now', the stand-in's hosted Checkout
// page, back to the invoice ("Processing…" until Stripe's signed event arrives, then "Payment
// received"), the agency's side, a redelivery and a forged event that change nothing, a refund.
// The app runs as `npm start` does, with the three variables pointing at the stand-in.

let app: AppServer;
let browser: Browser;
let mail: TestMailServer;
let standIn: StripeStandIn;
let scene: Scene<"security">;
let admin: Page;

beforeAll(async () => {
  // A client (Bloom Florals) with a sent $1,200.00 invoice whose link works.
  const prepared = sceneDataDir("security");
  scene = prepared.scene;
  [standIn, mail] = await Promise.all([startStripeStandIn(), startMailServer()]);
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  standIn.webhookUrl = `${url}/webhooks/stripe`;
  [app, browser] = await Promise.all([
    startAppServer({ DATA_DIR: prepared.dataDir, SMTP_URL: mail.url, PORT: port, PUBLIC_URL: url, ...standIn.environment }),
    launchBrowser(),
  ]);
  admin = await (await adminContext(browser, app.url, { viewport: { width: 1400, height: 1000 } })).newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
  await standIn?.stop();
});

/** The admin's view of the invoice's payments, as listed. */
async function adminPayments(): Promise<string[]> {
  await admin.goto(`/admin/invoices/${scene.invoiceId}`);
  return admin.getByRole("list", { name: "Payments received" }).getByRole("listitem").allTextContents();
}

describe("an invoice paid by card", () => {
  it("is paid from the e-mailed link on Stripe's page, marked paid by the webhook alone, once, and opened again by a refund", async () => {
    // The agency sends the invoice again: the e-mail carries the link, and 'Pay now'.
    await admin.goto(`/admin/invoices/${scene.invoiceId}`);
    await hydrated(admin);
    await admin.getByRole("button", { name: "Resend" }).click();
    await admin.getByRole("dialog", { name: "Resend Invoice" }).getByRole("button", { name: "Resend Invoice" }).click();
    const invoiceMail = await mail.waitFor((message) => (message.text ?? "").includes("/invoice/"));
    const link = /https?:\/\/\S+\/invoice\/[A-Za-z0-9_-]{43}/.exec(invoiceMail.text ?? "")?.[0] ?? "";
    expect(link).toBe(`${app.url}/invoice/${scene.viewToken}`);
    expect(invoiceMail.text).toContain(`Pay now by card: ${link}`);

    // The client opens it: 'Pay now', beside the bank transfer as before.
    const client = await browser.newContext();
    const page = await client.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(link);
    await page.getByRole("heading", { name: /^Invoice INV-/ }).waitFor();
    await page.getByText("Pay $1,200.00 by card, securely through Stripe.").waitFor();
    await page.getByText(/^Pay by Zelle bank transfer to/).waitFor();

    // To Stripe's page and back without paying: nothing charged.
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    await page.getByRole("heading", { name: "Pay $1,200.00" }).waitFor();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByText("Payment cancelled").waitFor();

    // Paying: back on the invoice before Stripe's event, the page says so and marks nothing.
    const release = standIn.holdDeliveries();
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    expect(standIn.sessions.size).toBe(1);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(`${link}?checkout=success&session_id=cs_test_*`);
    await page.getByText("Processing…").waitFor();
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toBe("3");
    expect(await adminPayments()).toEqual([]);

    // Stripe's signed event arrives: the page, refreshing itself, shows the payment.
    release();
    await page.getByText("Payment received").waitFor({ timeout: 30_000 });
    await page.getByText("Thank you: your card payment is recorded, and a receipt is on its way to your e-mail.").waitFor();
    const totals = await page.locator("dl").textContent();
    expect(totals).toContain("Balance due$0.00");
    expect(await page.getByRole("button", { name: "Pay now" }).count()).toBe(0);
    await page.getByText(/· paid$/).waitFor();
    // Nothing is owed: the page no longer asks the client to pay by transfer.
    expect(await page.getByRole("heading", { name: "How to pay" }).count()).toBe(0);
    expect(violations).toEqual([]);

    // The agency's side: the card payment with Stripe's id; the client's receipt arrived.
    const [session] = [...standIn.sessions.values()];
    const paymentIntent = session?.payment_intent ?? "";
    expect(paymentIntent).toMatch(/^pi_test_/);
    const listed = await adminPayments();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain("Card (Stripe)");
    expect(listed[0]).toContain(`Stripe ${paymentIntent}`);
    expect(listed[0]).toContain("$1,200.00");
    await admin.getByText("This invoice is paid and locked. Reopen it to make changes.").waitFor();
    const receipt = await mail.waitFor((message) => message.subject?.startsWith("Receipt: $1,200.00 paid on invoice") ?? false);
    expect(receipt.envelopeTo).toEqual(["hi@bloom-florals.test"]);

    // Stripe delivers the same event again; someone posts a forged and a stale one: nothing changes.
    const completed = standIn.deliveries.find((delivery) => typeof delivery.event !== "string" && delivery.event.type === "checkout.session.completed")?.event as StandInEvent;
    expect((await standIn.deliver(completed)).status).toBe(200);
    expect((await standIn.deliver(completed, { secret: "whsec_forged" })).status).toBe(400);
    expect((await standIn.deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    expect(await adminPayments()).toHaveLength(1);

    // Settings › Payments: on, the webhook's address, the last event.
    await admin.goto("/admin/settings/payments");
    await admin.getByText("On", { exact: true }).waitFor();
    expect(await admin.getByRole("textbox", { name: "Webhook URL" }).inputValue()).toBe(`${app.url}/webhooks/stripe`);
    await admin.getByText(/checkout\.session\.completed, recorded a payment\./).waitFor();

    // A refund made in Stripe (through the official package): the balance comes back.
    const stripe = new Stripe(standIn.secretKey, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    await stripe.refunds.create({ payment_intent: paymentIntent });
    await page.goto(link);
    expect(await page.locator("dl").textContent()).toContain("Balance due$1,200.00");
    await page.getByRole("button", { name: "Pay now" }).waitFor();
    await page.getByText("Refunded to card").waitFor();
    expect(await adminPayments()).toHaveLength(2);
    await client.close();
  });
});
