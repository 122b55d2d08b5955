import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { inquirySchema, contactSchema, promoClaimSchema } from "~/leads/inquiry-form";
import { claimPromo } from "~/leads/claim-promo.server";
import { createContactLead } from "~/leads/create-contact-lead.server";
import { createInquiryLead } from "~/leads/create-inquiry-lead.server";
import { PUBLIC_FORM_LIMITS } from "~/request-safety/public-form-limits.server";
import { HONEYPOT_REFUSAL } from "~/request-safety/honeypot";
import { isPromoCode } from "~/leads/promo-code";
import { leads, leadTimelineEvents } from "~/leads/schema";
import { organizationSettings } from "~/organization/schema";
import { rateLimitCounters } from "~/request-safety/schema";
import { deleteExpiredRateLimitCounters } from "~/request-safety/rate-limit.server";
import { campaignSchema } from "~/attribution/campaign-record-form";
import { createCampaign } from "~/attribution/campaign-records.server";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { testActor } from "../support/actors";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const claim = (overrides: Record<string, string> = {}) =>
  promoClaimSchema.parse({ name: "Ana Rivera", email: "ana@example.com", phone: "214-555-0100", placement: "popup", ...overrides });

async function count(table: typeof leads | typeof emailOutbox | typeof leadTimelineEvents) {
  const rows = await db().select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]?.n ?? 0;
}

describe("claiming the $99 promo", () => {
  it("creates a lead with the source, tags, timeline entry, an active code for 7 days and the welcome e-mail", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const result = await claimPromo({ input: claim({ placement: "sticky_button" }), submitter: { clientAddress: "10.0.0.1", now } });
    expect(isPromoCode(result.code)).toBe(true);
    expect(result.code.startsWith("LAUNCH-")).toBe(true);
    expect(result.expiresAt.toISOString()).toBe("2026-11-30T15:00:00.000Z");

    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({
      source: "Sticky Button",
      status: "new",
      tier: "1",
      promoCode: result.code,
      promoStatus: "active",
      tags: ["$99_promo", "sticky_button"],
    });
    const timeline = await db().select().from(leadTimelineEvents);
    expect(timeline.map((entry) => [entry.event, entry.data])).toEqual([
      ["promo_claimed", { source: "Sticky Button", code: result.code }],
      ["email_queued", expect.objectContaining({ emailType: "promo_welcome", to: "ana@example.com" })],
    ]);
    const mail = await db().select().from(emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toEmail: "ana@example.com", emailType: "promo_welcome", leadId: lead!.id });
    expect(mail[0]!.text).toContain(result.code);
    expect(mail[0]!.text).toContain("Nov 30, 2026");
    expect(mail[0]!.metadata).toEqual({ promoCode: result.code });
  });

  it("maps each placement to its source", async () => {
    await claimPromo({ input: claim({ email: "a@example.com", placement: "popup" }), submitter: { clientAddress: "10.0.0.2" } });
    await claimPromo({ input: claim({ email: "b@example.com", placement: "packages_page" }), submitter: { clientAddress: "10.0.0.2" } });
    const rows = await db().select().from(leads);
    expect(rows.map((row) => row.source).sort()).toEqual(["$99 Packages Page", "Promo Popup"]);
  });

  it("uses the configured promo duration and code prefix", async () => {
    await db().update(organizationSettings).set({ promoDurationDays: 3, promoCodePrefix: "twins" });
    const now = new Date("2026-11-23T15:00:00Z");
    const result = await claimPromo({ input: claim(), submitter: { clientAddress: "10.0.0.3", now } });
    expect(result.code.startsWith("TWINS-")).toBe(true);
    expect(result.expiresAt.toISOString()).toBe("2026-11-26T15:00:00.000Z");
  });

  it("gives the same e-mail its active code back and re-sends the e-mail at most once an hour", async () => {
    const start = new Date("2026-11-23T15:00:00Z");
    const first = await claimPromo({ input: claim(), submitter: { clientAddress: "10.0.1.1", now: start } });
    const again = await claimPromo({ input: claim({ email: "ANA@example.com", placement: "packages_page" }), submitter: {
      clientAddress: "10.0.1.2",
      now: new Date(start.getTime() + 10 * 60_000),
    } });
    const later = await claimPromo({ input: claim(), submitter: { clientAddress: "10.0.1.3", now: new Date(start.getTime() + 61 * 60_000) } });
    expect(again.code).toBe(first.code);
    expect(again.alreadyClaimed).toBe(true);
    expect(again.emailQueued).toBe(false);
    expect(later.code).toBe(first.code);
    expect(later.emailQueued).toBe(true);
    expect(await count(leads)).toBe(1);
    expect(await count(emailOutbox)).toBe(2);
  });

  it("mints a new code once the old one has expired", async () => {
    const start = new Date("2026-11-01T15:00:00Z");
    const first = await claimPromo({ input: claim(), submitter: { clientAddress: "10.0.2.1", now: start } });
    const afterExpiry = await claimPromo({ input: claim(), submitter: { clientAddress: "10.0.2.1", now: new Date("2026-11-09T15:00:00Z") } });
    expect(afterExpiry.code).not.toBe(first.code);
    expect(await count(leads)).toBe(2);
  });

  it("two claims racing for one e-mail get one code", async () => {
    const results = await Promise.all([
      claimPromo({ input: claim(), submitter: { clientAddress: "10.0.3.1" } }),
      claimPromo({ input: claim(), submitter: { clientAddress: "10.0.3.2" } }),
    ]);
    const codes = results.map((result) => result.code);
    expect(codes[0]).toBe(codes[1]);
    expect(await count(leads)).toBe(1);
  });

  it("refuses a filled honeypot and creates nothing", async () => {
    await expect(claimPromo({ input: claim({ website: "http://spam.test" }), submitter: { clientAddress: "10.0.4.1" } })).rejects.toMatchObject({
      message: HONEYPOT_REFUSAL,
      status: 400,
    });
    expect(await count(leads)).toBe(0);
    expect(await count(emailOutbox)).toBe(0);
  });
});

describe("rate limits", () => {
  it("refuse an address after its limit with a clear message, create nothing, and open again after the window", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const { limit } = PUBLIC_FORM_LIMITS.perAddress;
    for (let index = 0; index < limit; index += 1) {
      const input = contactSchema.parse({ name: "Bo", email: `bo${index}@example.com`, message: "Hello" });
      expect((await createContactLead({ input, submitter: { clientAddress: "192.0.2.7", now } })).leadId).toEqual(expect.any(String));
    }
    const input = contactSchema.parse({ name: "Bo", email: "bo-extra@example.com", message: "Hello" });
    await expect(createContactLead({ input, submitter: { clientAddress: "192.0.2.7", now } })).rejects.toMatchObject({
      message: "You have sent several requests in a short time. Please try again in an hour.",
      status: 429,
    });
    expect(await count(leads)).toBe(limit);
    // Another address is not affected; the same one is welcome again after the window.
    expect((await createContactLead({ input, submitter: { clientAddress: "192.0.2.8", now } })).leadId).toEqual(expect.any(String));
    const nextHour = new Date(now.getTime() + 60 * 60_000 + 1);
    expect((await createContactLead({ input: contactSchema.parse({ name: "Bo", email: "bo-late@example.com", message: "Hi" }), submitter: { clientAddress: "192.0.2.7", now: nextHour } })).leadId).toEqual(expect.any(String));
  });

  it("count an e-mail address per visitor address: one visitor's repeats do not block it for everyone (issue 25)", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const input = inquirySchema.parse({ name: "Ava", email: "customer@example.com" });
    for (let index = 0; index < PUBLIC_FORM_LIMITS.perAddressAndEmail.limit; index += 1) {
      expect((await createInquiryLead({ input, submitter: { clientAddress: "203.0.113.66", now } })).leadId).toEqual(expect.any(String));
    }
    await expect(createInquiryLead({ input, submitter: { clientAddress: "203.0.113.66", now } })).rejects.toMatchObject({
      message: expect.stringMatching(/already received several requests for this e-mail address/),
      status: 429,
    });
    expect((await createInquiryLead({ input, submitter: { clientAddress: "198.51.100.23", now } })).leadId).toEqual(expect.any(String));
  });

  it("refuse an e-mail address sent from many addresses, at a higher ceiling", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const input = inquirySchema.parse({ name: "Cy", email: "cy@example.com" });
    for (let index = 0; index < PUBLIC_FORM_LIMITS.perEmail.limit; index += 1) {
      expect((await createInquiryLead({ input, submitter: { clientAddress: `198.51.100.${index}`, now } })).leadId).toEqual(expect.any(String));
    }
    await expect(createInquiryLead({ input, submitter: { clientAddress: "198.51.100.200", now } })).rejects.toMatchObject({
      message: expect.stringMatching(/already received several requests for this e-mail address/),
      status: 429,
    });
    expect(await count(leads)).toBe(PUBLIC_FORM_LIMITS.perEmail.limit);
  });

  it("expired counters are cleaned up", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    await createInquiryLead({ input: inquirySchema.parse({ name: "Di", email: "di@example.com" }), submitter: { clientAddress: "203.0.113.1", now } });
    expect((await db().select().from(rateLimitCounters)).length).toBe(4);
    expect(await deleteExpiredRateLimitCounters(new Date(now.getTime() + 2 * 60 * 60_000))).toBe(4);
    expect(await db().select().from(rateLimitCounters)).toHaveLength(0);
  });
});

describe("inquiries and contact messages", () => {
  it("an inquiry writes the lead, its timeline entry, the confirmation and the agency notification together", async () => {
    const input = inquirySchema.parse({ name: "Rosa Delgado", email: "rosa@example.com", tier: "catering", promo: "false", message: "Weddings" });
    const result = await createInquiryLead({ input, submitter: { clientAddress: "10.1.0.1" } });
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ source: "website", tier: "catering", status: "new", tags: [] });
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.leadId, result.leadId));
    expect(mail.map((row) => [row.emailType, row.toEmail]).sort()).toEqual([
      ["admin_notification", "hello@sistersite.studio"],
      ["inquiry_confirmation", "rosa@example.com"],
    ]);
    expect(mail.find((row) => row.emailType === "admin_notification")!.text).toContain("Weddings");
  });

  it("a promo inquiry claims a code like the promo forms: the lead holds it, the confirmation carries it, converting bills $99", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const input = inquirySchema.parse({ name: "Lu Chen", email: "lu@example.com", tier: "1", promo: "true", message: "A bakery site" });
    const result = await createInquiryLead({ input, submitter: { clientAddress: "10.1.0.2", now } });
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ id: result.leadId, source: "$99 Promo", tags: ["$99_promo"], tier: "1", promoStatus: "active", message: "A bakery site" });
    expect(isPromoCode(lead!.promoCode ?? "")).toBe(true);
    expect(lead!.promoExpiresAt?.toISOString()).toBe("2026-11-30T15:00:00.000Z");
    const timeline = await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, lead!.id));
    expect(timeline.filter((entry) => entry.event !== "email_queued").map((entry) => [entry.event, entry.data])).toEqual(
      expect.arrayContaining([
        ["promo_claimed", { source: "$99 Promo", code: lead!.promoCode }],
        ["form_submitted", { tier: "1", promo: true }],
      ]),
    );
    const mail = await db().select().from(emailOutbox);
    expect(mail.map((row) => row.emailType).sort()).toEqual(["admin_notification", "inquiry_confirmation_promo"]);
    const confirmation = mail.find((row) => row.emailType === "inquiry_confirmation_promo")!;
    expect(confirmation.text).toContain(lead!.promoCode);
    expect(confirmation.text).toContain("Nov 30, 2026");
    expect(confirmation.html).toContain(lead!.promoCode);
    expect(confirmation.metadata).toEqual({ promoCode: lead!.promoCode });

    const conversion = await convertLeadToClient({ actor: testActor(), leadId: lead!.id, now: new Date("2026-11-24T15:00:00Z") });
    expect(conversion.invoice).toMatchObject({ totalCents: 9_900, promoCode: lead!.promoCode });
  });

  it("a promo inquiry from an address that holds an active code gets that code, recorded on the lead holding it", async () => {
    const start = new Date("2026-11-23T15:00:00Z");
    const claimed = await claimPromo({ input: claim({ email: "mo@example.com" }), submitter: { clientAddress: "10.1.1.1", now: start } });
    const later = new Date(start.getTime() + 30 * 60_000);
    const submissionKey = "3c9e1a7b-2d4f-4e6a-8b1c-5d7e9f0a2b4c";
    const input = inquirySchema.parse({ name: "Mo Ali", email: "MO@example.com", tier: "1", promo: "true", businessType: "restaurant", message: "Menus online", submissionKey });
    const inquiry = await createInquiryLead({ input, submitter: { clientAddress: "10.1.1.2", now: later } });
    expect(inquiry.leadId).toBe(claimed.leadId);
    // The same post again (a double tap without JavaScript) is answered with that lead, once.
    expect(await createInquiryLead({ input, submitter: { clientAddress: "10.1.1.2", now: later } })).toEqual(inquiry);
    const rows = await db().select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ promoCode: claimed.code, source: "Promo Popup", businessType: "restaurant", message: "Menus online", phone: "214-555-0100", submissionKey });
    const confirmation = (await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "inquiry_confirmation_promo")));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.text).toContain(claimed.code);
    const submitted = await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.event, "form_submitted"));
    expect(submitted.map((entry) => entry.data)).toEqual([{ tier: "1", promo: true, message: "Menus online" }]);
  });

  it("a promo inquiry under an active campaign lasts the campaign's days", async () => {
    const campaign = await createCampaign(testActor(), campaignSchema.parse({ name: "Spring", offerTitle: "$99 Launch Website", startDate: "2026-11-20", promoDurationDays: "14", status: "active" }));
    const now = new Date("2026-11-23T15:00:00Z");
    const input = inquirySchema.parse({ name: "Cam Paign", email: "cam@example.com", tier: "1", promo: "true" });
    await createInquiryLead({ input, submitter: { clientAddress: "10.1.2.1", now, touch: { campaign: campaign.slug, ref: null, at: now } } });
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ campaignId: campaign.id, promoStatus: "active" });
    expect(lead!.promoExpiresAt?.toISOString()).toBe("2026-12-07T15:00:00.000Z");
  });

  it("a contact message writes the lead and both e-mails", async () => {
    const input = contactSchema.parse({ name: "Max", email: "max@example.com", message: "Do you build shops?" });
    await createContactLead({ input, submitter: { clientAddress: "10.1.0.3" } });
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ source: "contact-page", message: "Do you build shops?" });
    const types = (await db().select().from(emailOutbox)).map((row) => row.emailType).sort();
    expect(types).toEqual(["contact_notification", "inquiry_confirmation"]);
  });

  it("a form posted twice with its one-time key (a double tap without JavaScript) makes one lead and one set of e-mails", async () => {
    const submissionKey = "0b5f3c1e-8a4d-4f6b-9c2e-7d1a3b5c9e01";
    const input = inquirySchema.parse({ name: "Dot Double", email: "dot@example.com", tier: "2", submissionKey });
    const first = await createInquiryLead({ input, submitter: { clientAddress: "10.1.0.5" } });
    const again = await createInquiryLead({ input, submitter: { clientAddress: "10.1.0.5" } });
    expect(again).toEqual(first);
    // At the same moment too: the second waits for the first and answers with its lead.
    const racing = { ...input, submissionKey: "5e2d7c4a-1b3f-4a8e-b6d9-0c7f2e4a8b13" };
    const [one, two] = await Promise.all([createInquiryLead({ input: racing, submitter: { clientAddress: "10.1.0.6" } }), createInquiryLead({ input: racing, submitter: { clientAddress: "10.1.0.6" } })]);
    expect(two).toEqual(one);
    expect(await count(leads)).toBe(2);
    expect(await count(emailOutbox)).toBe(4);
    // Each lead's form_submitted and its two e-mails' email_queued, once.
    expect(await count(leadTimelineEvents)).toBe(6);

    const contact = contactSchema.parse({ name: "Max", email: "max@example.com", message: "Twice?", submissionKey: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" });
    expect(await createContactLead({ input: contact, submitter: { clientAddress: "10.1.0.7" } })).toEqual(await createContactLead({ input: contact, submitter: { clientAddress: "10.1.0.7" } }));
    expect(await count(leads)).toBe(3);
    // Without a key (a form sent with JavaScript after its first message) each post is a message of its own.
    const { submissionKey: _, ...unkeyed } = contact;
    await createContactLead({ input: unkeyed, submitter: { clientAddress: "10.1.0.7" } });
    await createContactLead({ input: unkeyed, submitter: { clientAddress: "10.1.0.7" } });
    expect(await count(leads)).toBe(5);
  });

  it("a malformed one-time key is refused with a message", () => {
    const checked = inquirySchema.safeParse({ name: "Kay", email: "kay@example.com", submissionKey: "'; drop table leads" });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toBe("The form is out of date. Please reload the page.");
  });

  it("nothing is kept when the e-mail cannot be written: the lead and its mail share one transaction", async () => {
    await db().execute(sql`delete from email_templates where key = 'admin_notification'`);
    const input = inquirySchema.parse({ name: "Ed", email: "ed@example.com" });
    await expect(createInquiryLead({ input, submitter: { clientAddress: "10.1.0.4" } })).rejects.toThrow(/admin_notification/);
    expect(await count(leads)).toBe(0);
    expect(await count(emailOutbox)).toBe(0);
    expect(await count(leadTimelineEvents)).toBe(0);
  });

  it("a line break in the name is refused by every form's schema, so no header can be injected", () => {
    const name = "Eve\r\nBcc: victim@example.com";
    expect(inquirySchema.safeParse({ name, email: "eve@example.com" }).success).toBe(false);
    expect(contactSchema.safeParse({ name, email: "eve@example.com", message: "x" }).success).toBe(false);
    expect(promoClaimSchema.safeParse({ name, email: "eve@example.com", phone: "2145550100", placement: "popup" }).success).toBe(false);
    expect(promoClaimSchema.safeParse({ name: "Eve", email: "eve@example.com\r\nBcc: x@y.z", phone: "2145550100", placement: "popup" }).success).toBe(false);
  });

  it("every field is length-bounded", () => {
    const long = "x".repeat(5001);
    expect(contactSchema.safeParse({ name: "A", email: "a@example.com", message: long }).success).toBe(false);
    expect(inquirySchema.safeParse({ name: "A".repeat(121), email: "a@example.com" }).success).toBe(false);
    expect(inquirySchema.safeParse({ name: "A", email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
    expect(promoClaimSchema.safeParse({ name: "A", email: "a@example.com", phone: "1".repeat(41), placement: "popup" }).success).toBe(false);
  });
});
