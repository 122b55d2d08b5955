import { testActor } from "../support/actors";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";
import { user } from "~/auth/schema";
import { decodeFirstTouch, encodeFirstTouch, type FirstTouch } from "~/attribution/attribution";
import { carriesCampaignTouch, rememberFirstTouch } from "~/attribution/attribution-cookie.server";
import { campaignSendSchema } from "~/campaigns/campaign-forms";
import { campaignSchema } from "~/attribution/campaign-record-form";
import { listCampaignSends, previewSegment, runCampaignSends, startCampaignSend } from "~/campaigns/campaign-sends.server";
import { findCampaign, listCampaignLeads, listCampaigns } from "~/campaigns/campaigns.server";
import { createCampaign, deleteCampaign, updateCampaign } from "~/attribution/campaign-records.server";
import { campaignSendRecipients, campaignSends } from "~/campaigns/send-schema";
import { auditLog } from "~/audit/schema";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { db } from "~/db/connection.server";
import { emailOutbox, emailTemplates } from "~/email/schema";
import { suppressEmail } from "~/email/suppression.server";
import { Refusal } from "~/refusal/refusal";
import { recordPayment } from "~/invoices/record-payment.server";
import { contactSchema, inquirySchema, promoClaimSchema } from "~/leads/inquiry-form";
import { claimPromo } from "~/leads/claim-promo.server";
import { createContactLead } from "~/leads/create-contact-lead.server";
import { createInquiryLead } from "~/leads/create-inquiry-lead.server";
import { leads } from "~/leads/schema";
import { getOrganizationSettings, listPackageTiers, updateOrganizationSettings } from "~/organization/settings.server";
import { launchOfferFor } from "~/site/launch-offer.server";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const DAY = 24 * 60 * 60_000;
const actor = testActor({ email: "admin@example.com", ipAddress: "10.0.0.9" });

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await db().insert(user).values({ id, name: "Ada Admin", email: `${id}@example.com` });
  return { id, name: "Ada Admin" };
}

const campaignInput = (overrides: Record<string, string> = {}) =>
  campaignSchema.parse({ name: "Spring Launch", offerTitle: "$99 Launch Website", startDate: "2026-11-20", promoDurationDays: "14", status: "active", ...overrides });

const claim = (email: string) => promoClaimSchema.parse({ name: "Ana Rivera", email, phone: "214-555-0100", placement: "popup" });
const touch = (campaign: string | null, ref: string | null = null, at = new Date()): FirstTouch => ({ campaign, ref, at });

describe("campaigns", () => {
  it("makes the slug from the name, numbers a taken one, and refuses a typed slug another campaign has", async () => {
    const first = await createCampaign(actor, campaignInput());
    const second = await createCampaign(actor, campaignInput());
    expect([first.slug, second.slug]).toEqual(["spring-launch", "spring-launch-2"]);
    await expect(createCampaign(actor, campaignInput({ name: "Other", slug: "spring-launch" }))).rejects.toThrow(/already uses this link name/);
    // Saving without changing the name keeps its own slug.
    const edited = await updateCampaign(actor, second.id, campaignInput({ offerTitle: "New offer" }));
    expect(edited.slug).toBe("spring-launch-2");
    const renamed = await updateCampaign(actor, second.id, campaignInput({ slug: "autumn" }));
    expect(renamed.slug).toBe("autumn");
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, second.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["campaign.created", "campaign.updated", "campaign.updated"]);
    for (const entry of entries) expect(entry).toMatchObject({ entityType: "campaign", actorEmail: "admin@example.com", ipAddress: "10.0.0.9" });
    // The refused create (a taken slug) wrote nothing.
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "campaign.created"))).toHaveLength(2);
  });

  it("attributes a claim through an active campaign's link, lasts the campaign's days, and counts the conversion and paid invoice", async () => {
    const admin = await anAdmin();
    const campaign = await createCampaign(actor, campaignInput());
    const now = new Date("2026-11-23T15:00:00Z");

    const claimed = await claimPromo({ input: claim("ana@example.com"), submitter: { clientAddress: "10.0.0.1", now, touch: touch(campaign.slug, null, now) } });
    expect(claimed.expiresAt.getTime() - now.getTime()).toBe(14 * DAY);
    const [lead] = await db().select().from(leads).where(eq(leads.id, claimed.leadId));
    expect(lead?.campaignId).toBe(campaign.id);

    const inquiry = await createInquiryLead({ input: inquirySchema.parse({ name: "Ben Ortiz", email: "ben@example.com", promo: "false" }), submitter: { clientAddress: "10.0.0.2", touch: touch(campaign.slug) } });
    const contact = await createContactLead({ input: contactSchema.parse({ name: "Cy Park", email: "cy@example.com", message: "Hello there, we need a site." }), submitter: { clientAddress: "10.0.0.3", touch: touch(campaign.slug) } });
    const attributed = await db().select({ id: leads.id }).from(leads).where(eq(leads.campaignId, campaign.id));
    expect(attributed.map((row) => row.id).sort()).toEqual([claimed.leadId, inquiry.leadId, contact.leadId].sort());

    const conversion = await convertLeadToClient({ actor: testActor({ userId: admin.id }), leadId: claimed.leadId });
    if (!conversion.invoice) throw new Error("not converted");
    await recordPayment({ actor: testActor({ userId: admin.id }), invoiceId: conversion.invoice.id, input: { amount: conversion.invoice.totalCents, paidOn: "2026-11-24", method: "cash", note: null } });

    const figures = await findCampaign(campaign.id);
    expect(figures).toMatchObject({ leads: 3, clients: 1, revenueCents: conversion.invoice.totalCents, bookedConsultations: 0 });
    const listed = await listCampaigns();
    expect(listed.campaigns.find((row) => row.id === campaign.id)).toMatchObject({ leads: 3, clients: 1, revenueCents: conversion.invoice.totalCents });
    const campaignLeads = await listCampaignLeads(campaign.id);
    expect(campaignLeads.find((row) => row.id === claimed.leadId)).toMatchObject({ clientId: conversion.client.id, paidCents: conversion.invoice.totalCents, status: "converted" });
  });

  it("does not attribute to a draft or ended campaign, nor to an unknown slug; the settings' promo days apply", async () => {
    const draft = await createCampaign(actor, campaignInput({ name: "Draft one", status: "draft" }));
    const ended = await createCampaign(actor, campaignInput({ name: "Ended one", status: "ended" }));
    const now = new Date("2026-11-23T15:00:00Z");
    for (const [index, slug] of [draft.slug, ended.slug, "no-such-campaign"].entries()) {
      const claimed = await claimPromo({ input: claim(`v${index}@example.com`), submitter: { clientAddress: `10.0.1.${index}`, now, touch: touch(slug, null, now) } });
      expect(claimed.expiresAt.getTime() - now.getTime()).toBe(7 * DAY);
      const [lead] = await db().select().from(leads).where(eq(leads.id, claimed.leadId));
      expect(lead?.campaignId).toBeNull();
    }
  });

  it("deletes a campaign and keeps its leads, unattributed; a campaign already gone is refused with the spec's title", async () => {
    const campaign = await createCampaign(actor, campaignInput());
    const claimed = await claimPromo({ input: claim("del@example.com"), submitter: { clientAddress: "10.0.2.1", touch: touch(campaign.slug) } });
    await deleteCampaign(actor, campaign.id);
    const [lead] = await db().select().from(leads).where(eq(leads.id, claimed.leadId));
    expect(lead?.campaignId).toBeNull();
    const again = await deleteCampaign(actor, campaign.id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Refusal);
    expect((again as Refusal).title).toBe("Failed to delete campaign");
    const deletions = await db().select().from(auditLog).where(eq(auditLog.action, "campaign.deleted"));
    expect(deletions.map((entry) => [entry.entityId, entry.summary, entry.actorEmail])).toEqual([[campaign.id, "Deleted a campaign (active)", "admin@example.com"]]);
  });
});

describe("the first-touch cookie on the request path", () => {
  async function withServer(run: (origin: string) => Promise<void>) {
    const app = express();
    app.use(rememberFirstTouch);
    app.use((_request, response) => {
      response.send("page");
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      server.close();
    }
  }

  it("is set on a public page reached through a tracked link, never on other paths, and never replaces a first touch", async () => {
    await withServer(async (origin) => {
      const landing = await fetch(`${origin}/packages?utm_source=news&utm_campaign=spring-launch`);
      const setCookie = landing.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/^first_touch=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
      const value = setCookie.split(";")[0]?.slice("first_touch=".length);
      expect(decodeFirstTouch(value, new Date())).toMatchObject({ campaign: "spring-launch", ref: null });

      const later = await fetch(`${origin}/?ref=K7M2QX9P`, { headers: { cookie: `first_touch=${value}` } });
      expect(later.headers.get("set-cookie")).toBeNull();
      expect((await fetch(`${origin}/admin/leads?campaign=spring-launch`)).headers.get("set-cookie")).toBeNull();
      expect((await fetch(`${origin}/about`)).headers.get("set-cookie")).toBeNull();
      const expired = encodeFirstTouch({ campaign: "old", ref: null, at: new Date(Date.now() - 31 * DAY) });
      expect((await fetch(`${origin}/?campaign=fresh`, { headers: { cookie: `first_touch=${expired}` } })).headers.get("set-cookie")).toMatch(/^first_touch=/);
    });
  });
});

describe("the promo days a public page states", () => {
  const page = (url: string, firstTouch?: FirstTouch) =>
    new Request(`http://localhost${url}`, firstTouch ? { headers: { Cookie: `first_touch=${encodeFirstTouch(firstTouch)}` } } : {});

  it("are the claim's: an active campaign's days for its visitor (its link or their first touch), the setting's otherwise, with the catalog's prices", async () => {
    const campaign = await createCampaign(actor, campaignInput({ promoDurationDays: "21" }));
    const ended = await createCampaign(actor, campaignInput({ name: "Ended", promoDurationDays: "30", status: "ended" }));
    await updateOrganizationSettings(actor, { action: "settings.save-promos", summary: "Changed by a test" }, { promoDurationDays: 10 });
    const offerFor = async (request: Request) => launchOfferFor(request, await getOrganizationSettings(), await listPackageTiers());

    // The settings' days, for a visitor from nowhere, one through an ended campaign, or one a client referred.
    expect(await offerFor(page("/packages"))).toEqual({ tierName: "Starter", promoPrice: "$99", regularPrice: "$199", promoDays: 10 });
    expect((await offerFor(page("/packages", touch(ended.slug)))).promoDays).toBe(10);
    expect((await offerFor(page("/packages", touch(null, "K7M2QX9P")))).promoDays).toBe(10);
    // The campaign's, on the page its link lands on and on every page after (its cookie), as a claim there would last.
    expect((await offerFor(page(`/?campaign=${campaign.slug}`))).promoDays).toBe(21);
    expect((await offerFor(page("/thank-you", touch(campaign.slug)))).promoDays).toBe(21);
    // The first touch wins over a later link, as it does for the claim.
    expect((await offerFor(page(`/?campaign=${campaign.slug}`, touch(ended.slug)))).promoDays).toBe(10);
    const claimed = await claimPromo({ input: claim("dee@example.com"), submitter: { clientAddress: "10.0.0.4", touch: touch(campaign.slug) } });
    expect(Math.round((claimed.expiresAt.getTime() - Date.now()) / DAY)).toBe(21);
  });

  it("make a visitor who came through a campaign skip the kept page, whose days are the setting's", () => {
    expect(carriesCampaignTouch(`other=1; first_touch=${encodeFirstTouch(touch("spring-launch"))}`)).toBe(true);
    expect(carriesCampaignTouch(`first_touch=${encodeFirstTouch(touch(null, "K7M2QX9P"))}`)).toBe(false);
    expect(carriesCampaignTouch(`first_touch=${encodeFirstTouch(touch("spring-launch", null, new Date(Date.now() - 31 * DAY)))}`)).toBe(false);
    expect(carriesCampaignTouch("first_touch=garbage")).toBe(false);
    expect(carriesCampaignTouch(undefined)).toBe(false);
  });
});

describe("sending a campaign e-mail", () => {
  async function aTemplate() {
    const [template] = await db()
      .insert(emailTemplates)
      .values({ name: "Spring news", subject: "{{FirstName}}, spring is here", bodyText: "Hi {{FirstName}}, {{Offer}}", bodyHtml: "<p>Hi {{FirstName}}, {{Offer}}</p>" })
      .returning();
    if (!template) throw new Error("no template");
    return template;
  }

  it("reaches each lead of the segment once, skips suppressed addresses, and finishes, with two workers at once", async () => {
    const campaign = await createCampaign(actor, campaignInput());
    const template = await aTemplate();
    for (let index = 0; index < 7; index += 1) {
      await db().insert(leads).values({ name: `Lead${index} Person`, email: `lead${index}@example.com`, source: "website", status: index < 6 ? "new" : "contacted" });
    }
    await suppressEmail(db(), { email: "LEAD2@example.com", reason: "unsubscribed" });
    const input = campaignSendSchema.parse({ templateId: template.id, status: "new" });

    expect(await previewSegment(input)).toEqual({ recipients: 6, suppressed: 1 });
    const send = await startCampaignSend(actor, campaign.id, input);
    expect(send.recipientCount).toBe(6);
    const [started] = await db().select().from(auditLog).where(eq(auditLog.action, "campaign.send_started"));
    expect(started).toMatchObject({ entityType: "campaign", entityId: campaign.id, actorEmail: "admin@example.com", details: { sendId: send.id, status: "new", searched: false, recipients: 6 } });

    let handled = 0;
    for (;;) {
      const [a, b] = await Promise.all([runCampaignSends(2), runCampaignSends(2)]);
      if (a + b === 0) break;
      handled += a + b;
    }
    expect(handled).toBe(6);

    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "campaign"));
    expect(mails).toHaveLength(5);
    expect(new Set(mails.map((mail) => mail.toEmail)).size).toBe(5);
    expect(mails.map((mail) => mail.toEmail)).not.toContain("lead2@example.com");
    expect(mails.every((mail) => mail.category === "marketing")).toBe(true);
    const first = mails.find((mail) => mail.toEmail === "lead0@example.com");
    expect(first?.subject).toBe("Lead0, spring is here");
    // Campaign mail is marketing mail: the body, then the unsubscribe footer with the lead's own link.
    expect(first?.text).toMatch(/^Hi Lead0, \$99 Launch Website\n\n--\n[^\n]+\nUnsubscribe: \S+\/unsubscribe\/\S+\n$/);

    const recipients = await db().select().from(campaignSendRecipients).where(eq(campaignSendRecipients.sendId, send.id));
    expect(recipients.filter((row) => row.status === "queued")).toHaveLength(5);
    expect(recipients.filter((row) => row.status === "suppressed")).toHaveLength(1);
    const [stored] = await db().select().from(campaignSends).where(eq(campaignSends.id, send.id));
    expect(stored?.status).toBe("done");
    const [progress] = await listCampaignSends(campaign.id);
    expect(progress).toMatchObject({ recipientCount: 6, queued: 5, sent: 0, suppressed: 1, failed: 0 });

    await db().update(emailOutbox).set({ status: "sent" }).where(sql`${emailOutbox.id} in (select outbox_id from campaign_send_recipients)`);
    const [after] = await listCampaignSends(campaign.id);
    expect(after).toMatchObject({ queued: 0, sent: 5, suppressed: 1 });
  });

  it("refuses an empty segment, a missing template and a filter value the leads list does not know", async () => {
    const campaign = await createCampaign(actor, campaignInput());
    const template = await aTemplate();
    await expect(startCampaignSend(actor, campaign.id, campaignSendSchema.parse({ templateId: template.id, status: "converted" }))).rejects.toThrow(/No leads match/);
    await expect(startCampaignSend(actor, campaign.id, campaignSendSchema.parse({ templateId: crypto.randomUUID() }))).rejects.toThrow(/template no longer exists/);
    expect(campaignSendSchema.safeParse({ templateId: template.id, status: "everyone" }).success).toBe(false);
    expect(await db().select().from(campaignSends)).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "campaign.send_started"))).toEqual([]);
  });
});
