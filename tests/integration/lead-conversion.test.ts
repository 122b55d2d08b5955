import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit-log.server";
import { withClientAddress } from "~/request-safety/client-address.server";
import { action as convertAction } from "~/clients/convert-lead-route";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { clients } from "~/clients/schema";
import { user } from "~/auth/schema";
import { db } from "~/db/connection.server";
import { invoiceLineItems, invoices } from "~/invoices/schema";
import { leads, leadTimelineEvents, type NewLead } from "~/leads/schema";
import { testActor } from "../support/actors";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

/** An admin's account and the Actor the guard would give them. */
async function anAdmin(name = "Ada Admin") {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await db().insert(user).values({ id, name, email: `${id}@example.com` });
  return testActor({ userId: id, email: `${id}@example.com` });
}

async function aLead(values: Partial<NewLead> = {}) {
  const [lead] = await db()
    .insert(leads)
    .values({ name: "Rosa Delgado", email: "rosa@example.com", phone: "214-555-0199", source: "website", ...values })
    .returning();
  if (!lead) throw new Error("no lead");
  return lead;
}

async function clientsOf(leadId: string) {
  return db().select().from(clients).where(eq(clients.leadId, leadId));
}

describe("converting a lead to a client", () => {
  it("creates the linked client, marks the lead converted, records who did it and drafts the invoice", async () => {
    const admin = await anAdmin("Ada Admin");
    const lead = await aLead({ tier: "2" });

    const result = await convertLeadToClient({ actor: admin, leadId: lead.id });

    expect(result.invoice).not.toBeNull();
    if (!result.invoice) return;
    expect(result.client).toMatchObject({ name: "Rosa Delgado", email: "rosa@example.com", phone: "214-555-0199", tier: "2", leadId: lead.id, status: "active", paymentStatus: "pending" });

    const [storedLead] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(storedLead?.status).toBe("converted");

    const timeline = await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, lead.id));
    const converted = timeline.filter((entry) => entry.event === "converted");
    expect(converted).toHaveLength(1);
    expect(converted[0]?.actorUserId).toBe(admin.userId);
    expect(converted[0]?.data).toMatchObject({ clientId: result.client.id, invoiceNumber: result.invoice.invoiceNumber });

    // The conversion wrote its audit entry, with the Actor, in its own transaction; it names no person.
    const audit = await listAuditEntries({ entityType: "lead", entityId: lead.id });
    expect(audit).toEqual([
      expect.objectContaining({ action: "lead.convert", actorUserId: admin.userId, ipAddress: "203.0.113.7", details: expect.objectContaining({ clientId: result.client.id, invoiceId: result.invoice.id, tier: "2" }) }),
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/Rosa|rosa@|555-0199/);

    const [invoice] = await db().select().from(invoices).where(eq(invoices.clientId, result.client.id));
    expect(invoice).toMatchObject({ status: "draft", tier: "2", subtotalCents: 24_900, totalCents: 24_900, promoCode: null });
    expect(invoice?.invoiceNumber).toMatch(/^INV-\d+$/);
    const lines = await db().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice?.id ?? ""));
    expect(lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: 24_900, totalCents: 24_900, itemType: "service" })]);
  });

  it("prices a lead with an active promo at the promo price with its code, and uses the code up", async () => {
    const admin = await anAdmin();
    const lead = await aLead({ tier: "1", promoCode: "LAUNCH-ABC123-WXYZ", promoStatus: "active", promoExpiresAt: new Date(Date.now() + 3 * DAY) });

    const result = await convertLeadToClient({ actor: admin, leadId: lead.id });

    if (!result.invoice) throw new Error("not converted");
    expect(result.invoice).toMatchObject({ subtotalCents: 9_900, totalCents: 9_900, promoCode: "LAUNCH-ABC123-WXYZ" });
    const [storedLead] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(storedLead?.promoStatus).toBe("used");
  });

  it("charges the regular price when the promo is past its expiry, disabled, or the tier has no promo price", async () => {
    const admin = await anAdmin();
    const expired = await aLead({ email: "a@example.com", tier: "1", promoCode: "LAUNCH-OLD-0001", promoStatus: "active", promoExpiresAt: new Date(Date.now() - 1000) });
    const disabled = await aLead({ email: "b@example.com", tier: "1", promoCode: "LAUNCH-OFF-0002", promoStatus: "disabled", promoExpiresAt: new Date(Date.now() + DAY) });
    const growth = await aLead({ email: "c@example.com", tier: "2", promoCode: "LAUNCH-GRO-0003", promoStatus: "active", promoExpiresAt: new Date(Date.now() + DAY) });
    const catering = await aLead({ email: "d@example.com", tier: "catering" });

    const results = [];
    for (const lead of [expired, disabled, growth, catering]) results.push(await convertLeadToClient({ actor: admin, leadId: lead.id }));

    const invoicesOf = results.map((result) => result.invoice);
    expect(invoicesOf.map((invoice) => [invoice?.totalCents, invoice?.promoCode])).toEqual([
      [19_900, null],
      [19_900, null],
      [24_900, null],
      [19_900, null],
    ]);
    const [growthLead] = await db().select().from(leads).where(eq(leads.id, growth.id));
    expect(growthLead?.promoStatus).toBe("active");
  });

  it("converting twice yields one client and one invoice", async () => {
    const admin = await anAdmin();
    const lead = await aLead();
    const first = await convertLeadToClient({ actor: admin, leadId: lead.id });
    const second = await convertLeadToClient({ actor: admin, leadId: lead.id });

    expect(first.invoice).not.toBeNull();
    expect(second.invoice).toBeNull();
    expect(second.client.id).toBe(first.client.id);
    expect(await clientsOf(lead.id)).toHaveLength(1);
    expect(await db().select().from(invoices)).toHaveLength(1);
    // The second conversion changed nothing, so it recorded nothing.
    expect(await listAuditEntries({ entityType: "lead", entityId: lead.id })).toHaveLength(1);
  });

  it("two admins converting the same lead at the same moment yield one client, one invoice, one timeline entry", async () => {
    const [one, two] = [await anAdmin("One"), await anAdmin("Two")];
    const lead = await aLead();

    const results = await Promise.all([convertLeadToClient({ actor: one, leadId: lead.id }), convertLeadToClient({ actor: two, leadId: lead.id })]);

    expect(results.map((result) => (result.invoice ? "converted" : "already_converted")).sort()).toEqual(["already_converted", "converted"]);
    expect(await clientsOf(lead.id)).toHaveLength(1);
    expect(await db().select().from(invoices)).toHaveLength(1);
    const entries = await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, lead.id));
    expect(entries.filter((entry) => entry.event === "converted")).toHaveLength(1);
  });

  it("is atomic: a failure after the client insert leaves no client, no invoice and an unconverted lead", async () => {
    const admin = await anAdmin();
    const lead = await aLead({ tier: "1", promoCode: "LAUNCH-ATOM-0001", promoStatus: "active", promoExpiresAt: new Date(Date.now() + DAY) });
    // A real failure inside the transaction, after the client and invoice rows are written:
    // the database refuses every invoice line.
    await db().execute(sql`alter table invoice_line_items add constraint refuse_all_lines check (false) not valid`);
    try {
      await expect(convertLeadToClient({ actor: admin, leadId: lead.id })).rejects.toThrow();
    } finally {
      await db().execute(sql`alter table invoice_line_items drop constraint refuse_all_lines`);
    }

    expect(await clientsOf(lead.id)).toHaveLength(0);
    expect(await db().select().from(invoices)).toHaveLength(0);
    const [storedLead] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(storedLead).toMatchObject({ status: "new", promoStatus: "active" });
    const entries = await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, lead.id));
    expect(entries.filter((entry) => entry.event === "converted")).toHaveLength(0);
    expect(await listAuditEntries()).toEqual([]);

    // And once the fault is gone, the same lead converts normally.
    expect((await convertLeadToClient({ actor: admin, leadId: lead.id })).invoice).not.toBeNull();
  });

  it("refuses an unknown lead with 404", async () => {
    const admin = await anAdmin();
    await expect(convertLeadToClient({ actor: admin, leadId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      status: 404,
      message: "This lead no longer exists.",
    });
  });
});

describe("the conversion route", () => {
  /** Posts the convert form as the admin of `cookie`, from 203.0.113.7, as the server runs it. */
  async function postConvert(leadId: string, cookie: string, returnTo: string) {
    const request = new Request(`http://localhost/admin/leads/${leadId}/convert`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ returnTo }),
    });
    const answer = await withClientAddress("203.0.113.7", () => convertAction({ request, params: { leadId }, context: {} } as never));
    if (!(answer instanceof Response)) throw new Error("the conversion did not redirect");
    return answer;
  }

  it("writes one audit entry for the request, the service's, with the session's actor, and goes back only to a leads page", async () => {
    const { cookie, account } = await signedInCookie({ admin: true });
    const lead = await aLead();
    const answer = await postConvert(lead.id, cookie, "https://evil.example/\r\nSet-Cookie: x");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/leads");
    expect(await listAuditEntries({ entityType: "lead", entityId: lead.id })).toEqual([
      expect.objectContaining({ action: "lead.convert", actorEmail: account.email, ipAddress: "203.0.113.7", sessionId: expect.any(String) }),
    ]);

    // Converting again changes nothing; it still goes back only to a leads page.
    const again = await postConvert(lead.id, cookie, "/admin/leads/\r\nSet-Cookie: x");
    expect(again.headers.get("Location")).toBe("/admin/leads");
    expect((await postConvert(lead.id, cookie, "/admin/leads?q=rosa")).headers.get("Location")).toBe("/admin/leads?q=rosa");
  });
});
