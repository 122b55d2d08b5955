import nodemailer from "nodemailer";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { emailOutbox } from "~/email/schema";
import { contactSchema, inquirySchema, promoClaimSchema } from "~/leads/inquiry-form";
import { claimPromo } from "~/leads/claim-promo.server";
import { createContactLead } from "~/leads/create-contact-lead.server";
import { createInquiryLead } from "~/leads/create-inquiry-lead.server";
import { leads } from "~/leads/schema";
import { REPLY_WITHIN, REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";
import { packageTiers } from "~/organization/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

let mail: TestMailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  transport?.close();
  await mail.stop();
});

// Pooled: one connection for many messages, as a busy worker would keep.
let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
const smtp = () => (transport ??= nodemailer.createTransport({ url: mail.url, pool: true, maxMessages: Infinity }));

async function deliverAll(now?: Date) {
  for (;;) {
    const report = await deliverDueEmails({ transport: smtp(), now, batchSize: 50 });
    if (report.sent + report.retrying + report.failed + report.stored === 0) return;
  }
}

describe("the e-mails of public submissions, through a real SMTP server", () => {
  it("the promo welcome reaches the visitor with the code and its expiry date", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const result = await claimPromo({ input: promoClaimSchema.parse({ name: "Jo Park", email: "jo@example.com", phone: "214 555 0101", placement: "popup" }), submitter: { clientAddress: "10.2.0.1", now } });
    await deliverAll();
    const received = await mail.waitFor((m) => m.envelopeTo.includes("jo@example.com"));
    expect(received.subject).toContain(result.code);
    expect(received.text).toContain(result.code);
    expect(received.text).toContain("Nov 30, 2026");
    expect(received.text).toContain("Hi Jo,");
    expect(received.html || "").toContain(result.code);
    expect(received.replyTo?.text).toContain("hello@sistersite.studio");
  });

  it("an inquiry sends the confirmation to the visitor and the notification to the agency", async () => {
    await createInquiryLead({ input: inquirySchema.parse({ name: "Kim <b>Lee</b>", email: "kim@example.com", tier: "3", message: "Bookings please" }), submitter: { clientAddress: "10.2.0.2" } });
    await deliverAll();
    const confirmation = await mail.waitFor((m) => m.envelopeTo.includes("kim@example.com"));
    expect(confirmation.text).toContain("Tier 3 – Professional Automation");
    expect(confirmation.text).toContain("Hi Kim,");
    const notification = await mail.waitFor((m) => m.envelopeTo.includes("hello@sistersite.studio") && m.subject?.includes("Kim") === true);
    expect(notification.text).toContain("kim@example.com");
    expect(notification.text).toContain("Bookings please");
    // Values are escaped in the HTML part.
    expect(notification.html || "").toContain("Kim &lt;b&gt;Lee&lt;/b&gt;");
  });

  it("a contact message sends a confirmation and a notification", async () => {
    await createContactLead({ input: contactSchema.parse({ name: "Lin", email: "lin@example.com", message: "Can you redo my menu site?" }), submitter: { clientAddress: "10.2.0.3" } });
    await deliverAll();
    const confirmation = await mail.waitFor((m) => m.envelopeTo.includes("lin@example.com"));
    expect(confirmation.text).toContain("24-48 business hours");
    const notification = await mail.waitFor((m) => m.envelopeTo.includes("hello@sistersite.studio") && m.text?.includes("Can you redo my menu site?") === true);
    expect(notification.subject).toContain("Lin");
  });

  it("state the offer's price as the tier catalog has it, and the one reply promise", async () => {
    await db().update(packageTiers).set({ promoPriceCents: 7_900, priceCents: 17_900 }).where(eq(packageTiers.tier, "1"));
    const claimed = await claimPromo({ input: promoClaimSchema.parse({ name: "Lu Wen", email: "lu@example.com", phone: "214 555 0107", placement: "popup" }), submitter: { clientAddress: "10.2.0.7" } });
    await createInquiryLead({ input: inquirySchema.parse({ name: "Mo Dale", email: "mo@example.com", tier: "1", promo: "true" }), submitter: { clientAddress: "10.2.0.8" } });
    await createContactLead({ input: contactSchema.parse({ name: "Ned Ruiz", email: "ned@example.com", message: "Just a question about pages." }), submitter: { clientAddress: "10.2.0.9" } });
    const sent = await db().select().from(emailOutbox);
    const to = (email: string) => sent.find((message) => message.toEmail === email);
    expect(to("lu@example.com")).toMatchObject({ subject: `Your $79 website code: ${claimed.code}` });
    expect(to("lu@example.com")?.text).toContain("a Starter website for $79 (regularly $179)");
    expect(to("mo@example.com")).toMatchObject({ subject: "Your $79 website is reserved, Mo" });
    expect(to("mo@example.com")?.text).toContain(`We'll reply within ${REPLY_WITHIN} to schedule`);
    expect(to("ned@example.com")?.text).toContain(`we'll get back to you within ${REPLY_WITHIN_BUSINESS_HOURS}.`);
    // (The agency's notification names the lead's source, the spec's "$99 Promo": a name, not a price.)
    for (const email of ["lu@example.com", "mo@example.com", "ned@example.com"]) expect(`${to(email)?.subject} ${to(email)?.text}`).not.toMatch(/\$99|\$199/);
  });

  it("during an SMTP outage 100 submissions are all stored; afterwards each message arrives exactly once", async () => {
    const before = mail.messages.length;
    mail.refuse("temporary");
    const start = new Date();
    try {
      for (let index = 0; index < 100; index += 1) {
        const result = await claimPromo({ input: promoClaimSchema.parse({ name: `Visitor ${index}`, email: `outage${index}@example.com`, phone: "214-555-0102", placement: "packages_page" }), submitter: { clientAddress: `10.3.${Math.floor(index / 5)}.${index % 5}`, now: start } });
        expect(result.code).toEqual(expect.any(String));
      }
      // One pass of the worker over everything that is due: each message is tried once and refused.
      const during = await deliverDueEmails({ transport: smtp(), batchSize: 200 });
      expect(during.retrying).toBe(100);
      expect(mail.messages.length).toBe(before);
    } finally {
      mail.refuse(false);
    }
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(leads))[0]?.n).toBe(100);
    const pending = await db().select().from(emailOutbox);
    expect(pending.every((row) => row.status === "pending" && row.attempts === 1)).toBe(true);

    // After the backoff, the worker delivers everything; running it again sends nothing twice.
    const later = new Date(Math.max(...pending.map((row) => row.nextAttemptAt.getTime())) + 1);
    await deliverAll(later);
    await deliverAll(later);
    const arrived = mail.messages.slice(before);
    expect(arrived).toHaveLength(100);
    for (let index = 0; index < 100; index += 1) {
      expect(arrived.filter((m) => m.envelopeTo.includes(`outage${index}@example.com`))).toHaveLength(1);
    }
    expect(new Set(arrived.map((m) => m.messageId)).size).toBe(100);
  }, 60_000);
});
