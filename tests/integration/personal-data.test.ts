import { makeAdmin } from "../support/sessions";
import { slotKeyOf } from "~/availability/offered-days";
import { testActor } from "../support/actors";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { getAuth } from "~/auth/auth.server";
import { user } from "~/auth/schema";
import { addSlot } from "~/availability/availability-editing.server";
import { campaigns } from "~/attribution/schema";
import { campaignSends } from "~/campaigns/send-schema";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { clients } from "~/clients/schema";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { consultationBookings } from "~/consultations/schema";
import { bookSlot } from "~/consultations/book-slot.server";
import { fullExportResponse } from "~/data-transfer/full-export.server";
import { currentDatabase, db, queryRows } from "~/db/connection.server";
import * as schema from "~/schema";
import { deliverDueEmails } from "~/email/delivery.server";
import { emailOutbox } from "~/email/schema";
import { suppressEmail } from "~/email/suppression.server";
import { findInvoiceByViewToken } from "~/invoices/invoice-detail.server";
import { sendInvoice } from "~/invoices/send-invoice.server";
import { invoices } from "~/invoices/schema";
import { contactSchema, inquirySchema } from "~/leads/inquiry-form";
import { createContactLead } from "~/leads/create-contact-lead.server";
import { createInquiryLead } from "~/leads/create-inquiry-lead.server";
import { leads, leadTimelineEvents } from "~/leads/schema";
import { erasePerson, findPerson } from "~/personal-data/person-data.server";
import { personExport } from "~/personal-data/person-export.server";
import { projects } from "~/projects/schema";
import { referrals } from "~/referrals/schema";
import { rateLimitCounters } from "~/request-safety/schema";
import { testDatabaseKind } from "../support/database-kind";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const NOW = new Date("2099-03-01T12:00:00Z");
const EMAIL = "Zelda.Quixote@Example.org";
const PHONE = "+1 (555) 0199-4242";
const MESSAGE = "Please call about my marmalade shop, Quince & Sons";
/** What must be found nowhere after the erasure, in any case. */
const TRACES = ["zelda", "quixote", "0199-4242", "marmalade", "quince"];

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await db().insert(user).values({ id, name: "Ada Admin", email: `${id}@agency.test` });
  return { id, name: "Ada Admin" };
}

/** Zelda, through every door the product has: both public forms, a booking, a client with an invoice, an unsubscribe, a referral, an account. */
async function makeZelda() {
  const inquiry = await createInquiryLead({ input: inquirySchema.parse({ name: "Zelda Quixote", email: EMAIL, phone: PHONE, message: MESSAGE, tier: "2", promo: "false" }), submitter: { clientAddress: "203.0.113.77" } });
  await createContactLead({ input: contactSchema.parse({ name: "Zelda Quixote", email: EMAIL, phone: PHONE, message: `${MESSAGE} (again)` }), submitter: { clientAddress: "203.0.113.78" } });
  await db().insert(leadTimelineEvents).values({ leadId: inquiry.leadId, event: "note_added", data: { note: "Zelda prefers mornings" } });

  const slot = await addSlot(testActor(), { date: "2099-03-03", startTime: "10:00", endTime: "10:30", status: "open" });
  const booking = await createBookingInvitation({ actor: testActor(), leadId: inquiry.leadId, windowDays: 30, now: NOW });
  await bookSlot({ token: booking.bookingToken, slotKey: slotKeyOf(slot), now: NOW });
  await db().update(consultationBookings).set({ adminNotes: "Zelda: bring the marmalade samples" }).where(eq(consultationBookings.id, booking.id));

  const admin = await anAdmin();
  const { client, invoice } = await convertLeadToClient({ actor: testActor({ userId: admin.id }), leadId: inquiry.leadId, now: NOW });
  await db().update(clients).set({ notes: "Zelda Quixote, marmalade", projectLink: "https://quince-and-sons.example" }).where(eq(clients.id, client.id));
  await db().insert(projects).values({ clientId: client.id, projectNumber: "PRJ-9001", name: "Quince & Sons site", internalNotes: "Zelda wants orange" });
  await sendInvoice({ actor: testActor({ userId: admin.id }), invoiceId: invoice!.id });
  const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice!.id));

  await suppressEmail(db(), { email: EMAIL, reason: "unsubscribed", detail: "Unsubscribe link in “Welcome, Zelda”" });
  await db().insert(referrals).values({ referrerName: "Zelda Quixote", referrerEmail: EMAIL.toLowerCase(), clientName: "Someone Else" });
  const [campaign] = await db().insert(campaigns).values({ name: "Spring", slug: "spring" }).returning();
  await db().insert(campaignSends).values({ campaignId: campaign!.id, templateName: "Spring offer", segment: { search: EMAIL.toLowerCase(), status: null, tier: null, source: null } });
  await recordAuditEntry(db(), { userId: admin.id, email: `${admin.id}@agency.test`, sessionId: null, ipAddress: "198.51.100.1" }, { action: "lead.change-status", entityType: "lead", entityId: inquiry.leadId, summary: "Status changed", details: { from: "new", to: "contacted" } });

  const auth = await getAuth();
  await auth.api.signUpEmail({ body: { name: "Zelda Quixote", email: EMAIL.toLowerCase(), password: "marmalade-and-toast" } });
  await auth.api.signInEmail({ body: { email: EMAIL.toLowerCase(), password: "marmalade-and-toast" } });

  // Mail is stored (no SMTP here): the e-mail log has each message, subject and all.
  await deliverDueEmails({ now: new Date(NOW.getTime() + 60_000) });
  return { leadId: inquiry.leadId, clientId: client.id, invoice: sent! };
}

/** Every row of every table of the app, as text: what a search of the database would find. */
async function everyRowAsText(): Promise<string> {
  const texts: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const rows = await queryRows<{ row: string }>(db(), sql`select row_to_json(t)::text as row from ${sql.identifier(getTableName(table))} t`);
    texts.push(...rows.map((row) => `${getTableName(table)}: ${row.row}`));
  }
  return texts.join("\n").toLowerCase();
}

function tracesIn(text: string): string[] {
  const lower = text.toLowerCase();
  return TRACES.filter((trace) => lower.includes(trace));
}

describe("erasing a person through the registry", () => {
  it("leaves no trace of them in any table, the full export or a fresh backup, and keeps the invoice's number and total", async () => {
    const zelda = await makeZelda();
    const before = await everyRowAsText();
    for (const table of ["leads", "email_outbox", "email_logs", "email_suppressions", "rate_limit_counters", "referrals", "campaign_sends", "user", "consultation_bookings", "projects", "lead_timeline_events"]) {
      expect(before.split("\n").some((line) => line.startsWith(`${table}: `) && line.includes("zelda")), table).toBe(true);
    }
    expect(await db().select().from(rateLimitCounters)).not.toHaveLength(0);

    const erased = await erasePerson(testActor(), { email: "zelda.quixote@example.org" });
    expect(erased.leadIds).toHaveLength(2);
    expect(erased.clientIds).toEqual([zelda.clientId]);

    const after = await everyRowAsText();
    expect(after.split("\n").filter((line) => tracesIn(line).length > 0)).toEqual([]);

    // The books still add up, and the records stay (without the person).
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, zelda.invoice.id));
    expect(invoice).toMatchObject({ invoiceNumber: zelda.invoice.invoiceNumber, totalCents: zelda.invoice.totalCents, viewToken: null });
    expect(await findInvoiceByViewToken(zelda.invoice.viewToken!, { recordView: false })).toBeUndefined();
    const [lead] = await db().select().from(leads).where(eq(leads.id, zelda.leadId));
    expect(lead).toMatchObject({ name: "Erased person", email: `erased-${zelda.leadId}@invalid`, phone: null, message: null, tier: "2" });
    const waiting = await db().select().from(emailOutbox).where(sql`${emailOutbox.status} in ('pending', 'sending')`);
    expect(waiting).toEqual([]);

    const files = unzipSync(new Uint8Array(await fullExportResponse("America/New_York", NOW).arrayBuffer()));
    for (const [name, bytes] of Object.entries(files)) expect(tracesIn(strFromU8(bytes)), name).toEqual([]);

    const dump = currentDatabase().dump;
    if (testDatabaseKind() === "embedded" && dump) {
      // The data directory itself, as a backup made now copies it: no old row version, no old WAL.
      const raw = Buffer.from(await (await dump()).arrayBuffer()).toString("latin1");
      expect(tracesIn(raw)).toEqual([]);
    }

    await expect(findPerson(db(), { email: EMAIL })).rejects.toMatchObject({ status: 404 });
  }, 120_000);

  it("exports everything held about the person, in CSV and a readable summary", async () => {
    const zelda = await makeZelda();
    const exported = await personExport(EMAIL, { organization: "Bright Pixel", timeZone: "America/New_York", now: NOW });
    expect(exported.fileName).toBe("personal-data-2099-03-01.zip");
    const files = unzipSync(exported.zip);
    for (const name of ["summary.txt", "leads.csv", "lead_timeline_events.csv", "clients.csv", "consultation_bookings.csv", "invoices.csv", "email_outbox.csv", "email_logs.csv", "email_suppressions.csv", "referrals.csv", "user.csv", "session.csv", "audit_log.csv", "rate_limit_counters.csv", "campaign_sends.csv", "projects.csv"]) {
      expect(Object.keys(files)).toContain(name);
    }
    const leadsCsv = strFromU8(files["leads.csv"]!);
    expect(leadsCsv).toContain(zelda.leadId);
    expect(leadsCsv).toContain(MESSAGE);
    const summary = strFromU8(files["summary.txt"]!);
    expect(summary).toContain("Personal data held about zelda.quixote@example.org");
    expect(summary).toMatch(/leads\.csv: 2 records/);
    expect(summary).toContain(`phone: ${PHONE}`);
    expect(summary).toContain("email_suppressions.csv: 1 record");
    // Someone else's rows are not in it.
    expect(strFromU8(files["referrals.csv"]!)).toContain("Zelda Quixote");
    await expect(personExport("nobody@example.org", { organization: "Bright Pixel", timeZone: "America/New_York" })).rejects.toMatchObject({ status: 404 });
  }, 120_000);

  it("refuses to erase an admin's account, changing nothing", async () => {
    await makeAdmin({ name: "Owner", email: "owner@agency.test", password: "correct horse battery" });
    await db().insert(leads).values({ name: "Owner", email: "owner@agency.test", source: "website" });
    await expect(erasePerson(testActor(), { email: "owner@agency.test" })).rejects.toMatchObject({ status: 409, message: expect.stringContaining("admin") });
    const [lead] = await db().select().from(leads).where(eq(leads.email, "owner@agency.test"));
    expect(lead?.name).toBe("Owner");
  });

  it("refuses an address nothing is held about, a lead or a client that is not there", async () => {
    await expect(erasePerson(testActor(), { email: "nobody@example.com" })).rejects.toMatchObject({ status: 404 });
    await expect(erasePerson(testActor(), { leadId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ status: 404, message: "This lead no longer exists." });
    await expect(erasePerson(testActor(), { clientId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ status: 404, message: "This client no longer exists." });
  });
});
