import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { eq, inArray } from "drizzle-orm";
import { addOns, projectAddOns } from "~/add-ons/schema";
import { systemActor } from "~/audit/actor";
import { installAdmin } from "~/auth/admin-invitations.server";
import { availabilitySlots } from "~/availability/schema";
import { addDaysToDate, slotInstants } from "~/availability/slot-time";
import { nightlyBackups } from "~/backups/schema";
import { campaigns } from "~/attribution/schema";
import { createCadence } from "~/cadences/cadences.server";
import { addClient } from "~/clients/add-client.server";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { emailOutbox, emailTemplates } from "~/email/schema";
import { clients } from "~/clients/schema";
import { addClientConsultation } from "~/consultations/client-consultations.server";
import { consultationBookings, consultations } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { seedDemoData } from "~/demo/demo-seed.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { enqueueEmail } from "~/email/outbox.server";
import { dayIn } from "~/formatting/dates";
import { addLineItem } from "~/invoices/add-line-item.server";
import { createInvoice } from "~/invoices/create-invoice.server";
import { invoicePayments, invoices } from "~/invoices/schema";
import { leads, leadTimelineEvents } from "~/leads/schema";
import { requestSignInLink } from "~/portal/sign-in.server";
import { createProjectForClient } from "~/projects/projects.server";
import { projects } from "~/projects/schema";
import { referrals } from "~/referrals/schema";
import { onEmbeddedDatabase } from "./embedded-data-dir";
import { latestSignInSecret, makePortalClient, openSlot } from "./portal-scene";
import { E2E_ADMIN } from "../e2e/support/app-server";
import { MARKETING_READER, type PreparedScene, SECOND_ADMIN } from "./scene-data-dir";

/**
 * The browser files' starting points: each written once per run (the browser run's global setup)
 * into a data directory of its own, which a file copies before its app takes it (`sceneDataDir`).
 * Each answers what the file needs to know of it (ids, links) as JSON.
 */

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * An admin as an accepted invitation leaves one, with the password hashed as the app process
 * (NODE_ENV=production) checks it, whatever this process's own NODE_ENV.
 */
async function addAdmin(account: { email: string; password: string }): Promise<void> {
  const credentials = { passwordHash: await hashPassword(account.password), newUserId: randomBytes(16).toString("hex") };
  await db().transaction((tx) => installAdmin(tx, { email: account.email, name: account.email.split("@")[0] ?? "Admin" }, credentials));
}

async function demoLeads(options: { leads: number; clients: number; seed: number; days: number }): Promise<void> {
  await seedDemoData(db(), { leads: options.leads, clients: options.clients, seed: options.seed, spreadDays: options.days });
  await db().execute("vacuum analyze leads");
}

export const SCENES = {
  /** A lead with a booking link, a client with a project and a sent invoice whose public link works (request hardening). */
  async security() {
    const [lead] = await db().insert(leads).values({ name: "Lena Lead", email: "lena@lead.test", source: "manual", status: "new" }).returning();
    if (!lead) throw new Error("lead not saved");
    const bookingToken = `${lead.id}-${randomBytes(16).toString("hex")}`;
    await db().insert(consultationBookings).values({ leadId: lead.id, bookingToken, status: "pending" });
    const { client } = await addClient({ actor: systemActor("console"), input: { name: "Bloom Florals", email: "hi@bloom-florals.test", phone: null, tier: "2", notes: null } });
    const project = await createProjectForClient(systemActor("console"), client.id, { name: "Bloom storefront", tier: "2" });
    const invoice = await createInvoice({ actor: systemActor("console"), input: { clientId: client.id, projectId: project.id, tier: "2", dueDate: null } });
    await addLineItem({ actor: systemActor("console"), invoiceId: invoice.id, input: { description: "Design", quantity: 1, unitPrice: 120_000 } });
    const viewToken = randomBytes(32).toString("base64url");
    await db().update(invoices).set({ viewToken, status: "sent" }).where(eq(invoices.id, invoice.id));
    return { leadId: lead.id, clientId: client.id, projectId: project.id, invoiceId: invoice.id, bookingToken, viewToken };
  },

  /** A lead asking for tier 2 and an optional "SEO setup" add-on at $75 in the catalogue (proposals). */
  async proposals() {
    const [lead] = await db().insert(leads).values({ name: "Jordan Rivera", email: "jordan@rivera.test", source: "manual", status: "new", tier: "2" }).returning();
    const [seo] = await db().insert(addOns).values({ name: "SEO setup", flatPriceCents: 7_500 }).returning();
    if (!lead || !seo) throw new Error("scene not saved");
    return { leadId: lead.id, seoAddOnId: seo.id };
  },

  /** A client with a tier 2 project carrying two add-ons, and a completed, unbilled consultation (invoices). */
  async invoice() {
    const { client } = await addClient({ actor: systemActor("console"), input: { name: "Bloom Florals", email: "hi@bloom-florals.test", phone: null, tier: "2", notes: null } });
    const project = await createProjectForClient(systemActor("console"), client.id, { name: "Bloom storefront", tier: "2" });
    const [extraPage] = await db().insert(addOns).values({ name: "Extra page", flatPriceCents: 5_000 }).returning();
    const [blog] = await db().insert(addOns).values({ name: "Blog setup", tierPricesCents: { "2": 7_500 } }).returning();
    await db().insert(projectAddOns).values([
      { projectId: project.id, addOnId: extraPage!.id, quantity: 2 },
      { projectId: project.id, addOnId: blog!.id, quantity: 1, customPriceCents: 6_000 },
    ]);
    await db().insert(consultations).values({ clientId: client.id, status: "completed", consultType: "follow-up", scheduledDate: "2026-11-02" });
    return { clientId: client.id, projectId: project.id };
  },

  /** Two clients with projects, invoices, calls, a referral and e-mails, two open times to book, and an expired sign-in link (the portal). */
  async portal() {
    const rosa = await makePortalClient("Rosa Delgado", "rosa@mesaverde.test");
    // A second call the agency scheduled for Rosa: with the one she books in the test, four upcoming.
    await addClientConsultation(systemActor("console"), rosa.clientId, {
      consultType: "follow-up",
      status: "scheduled",
      scheduledDate: addDaysToDate(dayIn(new Date(), "America/New_York"), 8),
      scheduledStartTime: "11:00",
      scheduledEndTime: "11:30",
      projectId: null,
      meetingLink: null,
      notes: null,
    });
    const bo = await makePortalClient("Bo Brandt", "bo@brandt.test");
    const free = [await openSlot(2), await openSlot(4)];
    // A sign-in link sent an hour ago: long expired. Its mail is stored, not sent again by the app.
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    await requestSignInLink({ email: bo.email }, { clientAddress: "198.51.100.99", now: anHourAgo });
    const expiredLink = `/portal/sign-in/${await latestSignInSecret(bo.email, anHourAgo)}`;
    await deliverDueEmails({ transport: null });
    const slots = await db().select().from(availabilitySlots).where(inArray(availabilitySlots.id, free.map((slot) => slot.id)));
    const freeSlots = free.map(({ id, key }) => {
      const slot = slots.find((row) => row.id === id);
      const instants = slot ? slotInstants(slot, "America/New_York") : null;
      return { key, start: instants?.start.toISOString() ?? "" };
    });
    return { rosa, bo, freeSlots, expiredLink };
  },

  /**
   * Leads 1, 3, 10 and 60 days old (so 7, 30 and 90 days show 2, 3 and 4), one of them a client
   * with a paid invoice, a campaign, a referral and a booked consultation (analytics).
   */
  async analytics() {
    const [campaign] = await db().insert(campaigns).values({ name: "Spring Launch", slug: "spring-launch", status: "active" }).returning();
    const [recent, , , converted] = await db()
      .insert(leads)
      .values([
        { name: "Rita Recent", email: "rita@e2e.test", source: "Promo Popup", promoCode: "WEB-E2E-1", promoStatus: "active", createdAt: ago(1), campaignId: campaign!.id },
        { name: "Rafe Referred", email: "rafe@e2e.test", source: "referral", createdAt: ago(3) },
        { name: "Olive Old", email: "olive@e2e.test", source: "manual", createdAt: ago(60) },
        { name: "Carl Client", email: "carl@e2e.test", source: "website", status: "converted", bookingStatus: "completed", createdAt: ago(10), campaignId: campaign!.id },
      ])
      .returning();
    await db().insert(leadTimelineEvents).values({ leadId: recent!.id, event: "booked", data: { rescheduled: false }, createdAt: ago(1) });
    const [client] = await db().insert(clients).values({ name: "Carl Client", email: "carl@e2e.test", leadId: converted!.id, createdAt: ago(9) }).returning();
    const [invoice] = await db().insert(invoices).values({ invoiceNumber: "INV-E2E-1", clientId: client!.id, status: "paid", totalCents: 24_900 }).returning();
    await db().insert(invoicePayments).values({ invoiceId: invoice!.id, amountCents: 24_900, paidOn: dayIn(ago(8), "America/New_York"), method: "cash" });
    await db().insert(referrals).values({ referrerName: "Carl Client", referrerClientId: client!.id, createdAt: ago(3) });
    return {};
  },

  /** A client who came from a lead, with a discovery call booked by that lead and a project, so the client page can link the call (clients). */
  async discoveryCall() {
    const [lead] = await db().insert(leads).values({ name: "Dora Discovery", email: "dora@discovery.test", source: "manual", status: "converted" }).returning();
    if (!lead) throw new Error("lead not saved");
    const [client] = await db()
      .insert(clients)
      .values({ name: "Dora Discovery", email: "dora@discovery.test", tier: "2", status: "active", paymentStatus: "pending", leadId: lead.id })
      .returning();
    if (!client) throw new Error("client not saved");
    await db().insert(consultationBookings).values({
      leadId: lead.id,
      bookingToken: `${lead.id}-e2e-discovery-call-token-0000000000`,
      status: "confirmed",
      selectedStart: new Date("2026-12-03T15:00:00Z"),
      selectedEnd: new Date("2026-12-03T15:30:00Z"),
    });
    await createProjectForClient(systemActor("console"), client.id, { name: "Discovery site", tier: "2" });
    return {};
  },

  /**
   * A lead and one marketing e-mail to it waiting in the outbox, its links on `MARKETING_ORIGIN`
   * (the unsubscribe file's app listens there, so the body's link and the header's agree).
   */
  async marketingMail() {
    await db().transaction(async (tx) => {
      const [lead] = await tx.insert(leads).values({ name: "Rita Reader", email: MARKETING_READER, source: "website", status: "contacted" }).returning();
      await enqueueEmail(tx, {
        to: MARKETING_READER,
        subject: "Two weeks on: ready for your new site?",
        html: "<p>Hi Rita, your launch offer is still waiting.</p>",
        text: "Hi Rita, your launch offer is still waiting.",
        emailType: "cadence_step",
        category: "marketing",
        leadId: lead?.id ?? null,
      });
    });
    return {};
  },

  /** 40 demo leads over 4 days, no clients (the leads file). */
  async leads() {
    await demoLeads({ leads: 40, clients: 0, seed: 5, days: 4 });
    return {};
  },

  /** 40 demo leads over 4 days, and a second admin (the data table file). */
  async dataTable() {
    await demoLeads({ leads: 40, clients: 0, seed: 7, days: 4 });
    await addAdmin(E2E_ADMIN);
    await addAdmin(SECOND_ADMIN);
    return {};
  },

  /** 160 demo leads and 120 clients over 30 days: lists longer than a page (the list kit). */
  async longLists() {
    await demoLeads({ leads: 160, clients: 120, seed: 11, days: 30 });
    return {};
  },

  /**
   * Issue 47's visitor and client (daily-use-visitors): Cleo, a client who came as a lead in
   * Chicago, invited to book; open times at noon and 15:00 in New York every day of the next month.
   */
  async visitorZone() {
    const [lead] = await db().insert(leads).values({ name: "Cleo Chicago", email: "cleo@chicago.test", source: "website", status: "new" }).returning();
    if (!lead) throw new Error("lead not saved");
    const { client } = await convertLeadToClient({ actor: systemActor("console"), leadId: lead.id });
    const today = dayIn(new Date(), "America/New_York");
    for (let day = 1; day <= 30; day += 1) {
      const date = addDaysToDate(today, day);
      await db().insert(availabilitySlots).values([
        { date, startTime: "12:00:00", endTime: "12:30:00", status: "open" },
        { date, startTime: "15:00:00", endTime: "15:30:00", status: "open" },
      ]);
    }
    const invitation = await createBookingInvitation({ actor: systemActor("console"), leadId: lead.id, windowDays: 14 });
    const [visitor] = await db().insert(leads).values({ name: "Vic Visitor", email: "vic@example.test", source: "website", status: "new" }).returning();
    const visitorInvitation = await createBookingInvitation({ actor: systemActor("console"), leadId: visitor!.id, windowDays: 30 });
    await db().delete(emailOutbox);
    return { cleo: { email: "cleo@chicago.test", clientId: client.id, bookingPath: `/booking/${invitation.bookingToken}` }, vicBookingPath: `/booking/${visitorInvitation.bookingToken}` };
  },

  /**
   * Issue 47's working morning (daily-use): new leads to contact and one to convert, a booking
   * waiting for 'Confirm', an invoice due yesterday, a client with a project, a campaign, a
   * promo cadence, and 30 more leads for the keyboard.
   */
  async dailyUse() {
    const actor = systemActor("console");
    const today = dayIn(new Date(), "America/New_York");
    for (let index = 1; index <= 30; index += 1) {
      await db().insert(leads).values({ name: `Lena List ${String(index).padStart(2, "0")}`, email: `lena${index}@example.test`, source: "website", status: "contacted", createdAt: ago(2 + index / 10) });
    }
    const [nina, cora, bea] = await db()
      .insert(leads)
      .values([
        { name: "Nina New", email: "nina@example.test", source: "website", status: "new", createdAt: ago(0.1) },
        { name: "Cora Convert", email: "cora@example.test", source: "website", status: "new", createdAt: ago(0.2) },
        { name: "Bea Booked", email: "bea@example.test", source: "website", status: "contacted", createdAt: ago(1) },
      ])
      .returning();
    const start = new Date(Date.now() + 2 * DAY);
    await db().insert(consultationBookings).values({ leadId: bea!.id, bookingToken: `${bea!.id}-${randomBytes(16).toString("hex")}`, status: "pending", selectedStart: start, selectedEnd: new Date(start.getTime() + 30 * 60_000) });
    const { client: ivy, invoice } = await addClient({ actor, input: { name: "Ivy Invoice", email: "ivy@invoice.test", phone: null, tier: "1", notes: null } });
    await addLineItem({ actor, invoiceId: invoice.id, input: { description: "Starter website", quantity: 1, unitPrice: 25_000 } });
    await db().update(invoices).set({ status: "sent", sentAt: ago(20), dueDate: addDaysToDate(today, -1) }).where(eq(invoices.id, invoice.id));
    // Long words, as real records have them: what a phone's width must wrap, not scroll sideways.
    const { client: pia } = await addClient({ actor, input: {
      name: "Pia Phone-Friendly Wedding & Event Rentals",
      email: "pia.bookings-and-enquiries@phone-friendly-wedding-and-event-rentals.test",
      phone: "214-555-0142",
      tier: "3",
      notes: "Prefers texts. Catalogue: https://phone-friendly-wedding-and-event-rentals.example.com/catalogue/tents-and-marquees",
    } });
    const project = await createProjectForClient(actor, pia.id, { name: "Pia's rental catalogue with a rather long project name", tier: "3" });
    await db().update(projects).set({ projectUrl: "https://phone-friendly-wedding-and-event-rentals.example.com/catalogue/tents-and-marquees-for-every-season" }).where(eq(projects.id, project.id));
    const [campaign] = await db().insert(campaigns).values({ name: "Autumn Launch", slug: "autumn-launch", status: "active" }).returning();
    const [welcome] = await db().insert(emailTemplates).values({ name: "Promo welcome", subject: "Welcome, {{FirstName}}", bodyText: "Hi {{FirstName}}", bodyHtml: "<p>Hi {{FirstName}}</p>" }).returning();
    const cadence = await createCadence(actor, { name: "Promo follow-up", description: null, trigger: "promo_claimed", steps: [{ delayAmount: 0, delayUnit: "days", templateId: welcome!.id, conditions: [] }] });
    // An e-mail to an address with no hyphen to break at, whose text holds a long link (as a sent
    // invoice's or a booking's does) and runs longer than its box, which then scrolls.
    const catalogue = "https://phonefriendlyweddingandeventrentals.example.com/catalogue/tents_and_marquees_for_every_season?utm_source=email";
    const message = await enqueueEmail(db(), { to: "bookingsandenquiries@phonefriendlyweddingandeventrentals.test", toName: pia.name, subject: "Your catalogue link", html: `<p><a href="${catalogue}">${catalogue}</a></p>`, text: [`Your catalogue: ${catalogue}`, ...Array.from({ length: 30 }, (_, line) => `Item ${line + 1}: a tent.`)].join("\n"), emailType: "custom" });
    return {
      messageId: message!.id,
      nina: nina!.id,
      cora: cora!.id,
      bea: bea!.id,
      ivy: { clientId: ivy.id, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
      pia: { clientId: pia.id, projectId: project.id },
      campaignId: campaign!.id,
      templateId: welcome!.id,
      cadenceId: cadence.id,
    };
  },

  /** No night recorded as backed up: the app makes its nightly backup at its start, as a new installation does (settings). */
  async noBackupYet() {
    await db().delete(nightlyBackups);
    return {};
  },
} satisfies Record<string, () => Promise<object>>;

export type SceneName = keyof typeof SCENES;
export type Scene<Name extends SceneName> = Awaited<ReturnType<(typeof SCENES)[Name]>>;

/** Writes every scene into a copy of `migratedDataDir`, one after the other in this process. */
export async function prepareScenes(migratedDataDir: string): Promise<{ scenes: Record<string, PreparedScene>; remove(): void }> {
  const scenes: Record<string, PreparedScene> = {};
  for (const [name, seed] of Object.entries(SCENES)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agency-e2e-scene-${name}-`));
    fs.cpSync(path.join(migratedDataDir, "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
    scenes[name] = { dataDir, scene: await onEmbeddedDatabase(dataDir, seed) };
  }
  return { scenes, remove: () => Object.values(scenes).forEach(({ dataDir }) => fs.rmSync(dataDir, { recursive: true, force: true })) };
}
