import { readListView } from "~/lists/list-view";
import { listAuditEntries } from "~/audit/audit-log.server";
import { testActor } from "../support/actors";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { user } from "~/auth/schema";
import { db } from "~/db/connection.server";
import { insertLeadsInBulk } from "~/demo/demo-seed.server";
import { demoLead, seededRandom } from "~/demo/demo-factories";
import { deliverDueEmails } from "~/email/delivery.server";
import { emailOutbox } from "~/email/schema";
import { guessMapping } from "~/leads/lead-import";
import { analyseImport, importLeads } from "~/leads/lead-import.server";
import { type LeadListView, LEAD_LIST_VIEW } from "~/leads/lead-list-view";
import { listLeadTimeline } from "~/leads/lead-timeline.server";
import { addLead, addLeadNote, changeLeadStatus, deleteLeads, leadStats, leadsInViewBatches, listLeads, type LeadRow } from "~/leads/leads.server";
import { extendPromo, resendPromoEmail, setPromoEnabled, sweepExpiredPromos } from "~/leads/promo.server";
import { leads, type Lead } from "~/leads/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

let adminId: string;
const adminActor = () => testActor({ userId: adminId, email: `owner-${adminId}@example.com` });
beforeEach(async () => {
  adminId = randomUUID();
  await db().insert(user).values({ id: adminId, name: "Olivia Owner", email: `owner-${adminId}@example.com` });
});

const view = (query = ""): LeadListView => readListView(new URLSearchParams(query), LEAD_LIST_VIEW);
const DAY = 24 * 3600_000;

async function seedLeads(count: number, seed = 7, overrides: Parameters<typeof demoLead>[2] = {}) {
  const random = seededRandom(seed);
  const now = new Date("2026-11-23T12:00:00.000Z");
  return insertLeadsInBulk(db(), Array.from({ length: count }, (_, i) => demoLead(random, { now, sequence: i }, overrides)));
}

/** Every row of a view, walking Next links; and back again with Previous links. */
async function walk(v: LeadListView, pageSize: number) {
  const forward: LeadRow[][] = [];
  let after: string | null = null;
  let last: Awaited<ReturnType<typeof listLeads>> | null = null;
  do {
    last = await listLeads({ view: v, after, pageSize });
    forward.push(last.leads);
    after = last.nextCursor;
  } while (after);
  const backward: LeadRow[][] = [last.leads];
  let before = last.previousCursor;
  while (before) {
    const page = await listLeads({ view: v, before, pageSize });
    backward.unshift(page.leads);
    before = page.previousCursor;
  }
  return { forward, backward };
}

describe("the leads list", () => {
  it("pages by keyset through every filtered row exactly once, in order, forward and back, for each sort", async () => {
    await seedLeads(137);
    for (const query of ["", "sort=name&dir=asc", "sort=email&dir=desc", "status=contacted&sort=created&dir=asc", "tier=1&source=Promo+Popup"]) {
      const v = view(query);
      const all = await db().select().from(leads);
      const expected = all
        .filter((l) => (!v.status || l.status === v.status) && (!v.tier || l.tier === v.tier) && (!v.source || l.source === v.source))
        .sort((a, b) => {
          const key = (l: LeadRow) => (v.sort.key === "created" ? l.createdAt.toISOString() : v.sort.key === "name" ? l.name : l.email);
          // The database's collation decides text order; compare through it for names and e-mails.
          return key(a) === key(b) ? a.id.localeCompare(b.id) : key(a) < key(b) ? -1 : 1;
        });
      const { forward, backward } = await walk(v, 10);
      const ids = forward.flat().map((l) => l.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(expected.length);
      expect(backward.flat().map((l) => l.id)).toEqual(ids);
      if (v.sort.key === "created") {
        const wanted = expected.map((l) => l.id);
        expect(ids).toEqual(v.sort.direction === "asc" ? wanted : wanted.reverse());
      }
    }
  });

  it("searches name, e-mail and promo code case-insensitively, with % and _ taken literally", async () => {
    await addLead(adminActor(), { name: "Rosa Delgado", email: "rosa@mesaverde.test", phone: null, businessType: null, industry: null, tier: null, message: null });
    await addLead(adminActor(), { name: "Ann_100%", email: "ann@example.com", phone: null, businessType: null, industry: null, tier: null, message: null });
    await db().update(leads).set({ promoCode: "LAUNCH-ABC-1234" }).where(eq(leads.email, "ann@example.com"));
    expect((await listLeads({ view: view("q=MESAVERDE") })).leads.map((l) => l.name)).toEqual(["Rosa Delgado"]);
    expect((await listLeads({ view: view("q=abc-12") })).leads.map((l) => l.name)).toEqual(["Ann_100%"]);
    expect((await listLeads({ view: view("q=_100%25") })).leads.map((l) => l.name)).toEqual(["Ann_100%"]);
    expect((await listLeads({ view: view("q=%25") })).leads.map((l) => l.name)).toEqual(["Ann_100%"]);
  });

  it("adds a manual lead as new, counts the tiles, records status changes and notes with who did them", async () => {
    const lead = await addLead(adminActor(), { name: "Walk In", email: "walk@in.test", phone: null, businessType: null, industry: null, tier: "2", message: null });
    expect(lead).toMatchObject({ source: "manual", status: "new" });
    await seedLeads(20, 3, { source: "Promo Popup", tags: ["$99_promo", "popup"], promoCode: null });
    await changeLeadStatus(adminActor(), lead.id, "converted");
    await addLeadNote(adminActor(), lead.id, "Called; wants a quote by Friday");
    const stats = await leadStats();
    expect(stats.total).toEqual({ value: 21, estimated: false });
    expect(stats.websitePromos.value).toBe(20);
    expect(stats.converted.value).toBe((await db().select().from(leads).where(eq(leads.status, "converted"))).length);
    const timeline = await listLeadTimeline(lead.id);
    expect(timeline.map((e) => e.event)).toEqual(["note_added", "status_changed", "form_submitted"]);
    expect(timeline[1]).toMatchObject({ data: { from: "new", to: "converted" }, actorName: "Olivia Owner" });
    // Each change wrote its own audit entry, with the Actor it was given, in the change's transaction.
    const audit = await listAuditEntries({ entityType: "lead", entityId: lead.id });
    expect(audit.map((entry) => entry.action)).toEqual(["lead.add-note", "lead.change-status", "lead.add-lead"]);
    expect(audit[1]).toMatchObject({ actorUserId: adminId, sessionId: null, ipAddress: "203.0.113.7", details: { from: "new", to: "converted" } });
  });

  it("writes no audit entry for a change that is refused (the transaction rolls back with it)", async () => {
    await expect(changeLeadStatus(adminActor(), randomUUID(), "contacted")).rejects.toThrow(/Failed to update status/);
    expect(await listAuditEntries()).toEqual([]);
  });

  it("bulk delete removes the chosen leads and their timelines, nothing else", async () => {
    const ids = await seedLeads(5);
    expect(await deleteLeads(adminActor(), ids.slice(0, 3))).toBe(3);
    const left = await db().select({ id: leads.id }).from(leads);
    expect(left.map((l) => l.id).sort()).toEqual(ids.slice(3).sort());
    for (const id of ids.slice(0, 3)) expect(await listLeadTimeline(id)).toEqual([]);
  });

  it("exports a view in batches: every row once, in the view's order", async () => {
    await seedLeads(45);
    const batches: Lead[][] = [];
    for await (const batch of leadsInViewBatches(view("status=new"), 10)) batches.push(batch);
    const exported = batches.flat();
    const expected = await db().select().from(leads).where(eq(leads.status, "new"));
    expect(exported.length).toBe(expected.length);
    expect(new Set(exported.map((l) => l.id)).size).toBe(expected.length);
  });

  it("answers a list row's fields only, where the export answers whole leads", async () => {
    await addLead(adminActor(), { name: "Rosa Delgado", email: "rosa@mesaverde.test", phone: null, businessType: "restaurant", industry: null, tier: "2", message: "A long message about the menu" });
    const [row] = (await listLeads({ view: view("") })).leads;
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["bookingStatus", "createdAt", "email", "id", "name", "phone", "promoCode", "promoExpiresAt", "promoStatus", "source", "status", "tier"],
    );
    const batches: Lead[][] = [];
    for await (const batch of leadsInViewBatches(view(""))) batches.push(batch);
    expect(batches[0]?.[0]).toMatchObject({ name: "Rosa Delgado", message: "A long message about the menu", businessType: "restaurant" });
  });
});

describe("the promo lifecycle", () => {
  let mail: TestMailServer;
  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.stop();
  });

  async function promoLead(expiresInMs: number, status: "active" | "disabled" | "expired" = "active") {
    const [id] = await seedLeads(1, 11, {
      email: `promo-${randomUUID()}@example.com`,
      promoCode: `LAUNCH-${randomUUID().slice(0, 8).toUpperCase()}`,
      promoStatus: status,
      promoExpiresAt: new Date(Date.now() + expiresInMs),
    });
    return id as string;
  }

  it("the sweep expires only active codes whose expiry has passed, once, on the timeline", async () => {
    const lapsed = await promoLead(-DAY);
    const current = await promoLead(DAY);
    const disabled = await promoLead(-DAY, "disabled");
    expect(await sweepExpiredPromos()).toBe(1);
    expect(await sweepExpiredPromos()).toBe(0);
    const status = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]?.promoStatus;
    expect([await status(lapsed), await status(current), await status(disabled)]).toEqual(["expired", "active", "disabled"]);
    expect((await listLeadTimeline(lapsed))[0]).toMatchObject({ event: "promo_edited", data: { action: "expired" } });
  });

  it("extends (reviving a lapsed code), disables and enables, each on the timeline by the admin", async () => {
    const id = await promoLead(-DAY, "expired");
    const extended = await extendPromo(adminActor(), id, 7);
    expect(extended.promoStatus).toBe("active");
    expect(extended.promoExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    expect((await setPromoEnabled(adminActor(), id, false)).promoStatus).toBe("disabled");
    await expect(resendPromoEmail(adminActor(), id)).rejects.toThrow(/disabled/);
    await setPromoEnabled(adminActor(), id, true);
    const events = (await listLeadTimeline(id)).filter((e) => e.event === "promo_edited").map((e) => e.data.action);
    expect(events).toEqual(["enabled", "disabled", "extended"]);
  });

  it("resends the promo e-mail through the outbox; it arrives, and the timeline shows queued then sent", async () => {
    const id = await promoLead(3 * DAY);
    const result = await resendPromoEmail(adminActor(), id);
    expect(result.promoEmailSentAt).not.toBeNull();
    await deliverDueEmails({ transport: nodemailer.createTransport(mail.url) });
    const [lead] = await db().select().from(leads).where(eq(leads.id, id));
    const received = await mail.waitFor((m) => m.envelopeTo.includes(lead!.email));
    expect(received.text).toContain(lead!.promoCode);
    const events = (await listLeadTimeline(id)).map((e) => e.event);
    expect(events.slice(0, 2)).toEqual(["email_sent", "email_queued"]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.leadId, id))).toHaveLength(1);
    await expect(resendPromoEmail(adminActor(), await promoLead(-DAY))).rejects.toThrow(/expired/);
  });
});

describe("importing leads from CSV", () => {
  const csv = (rows: string[]) => ["Full Name,E-mail,Phone,Tier,Source", ...rows].join("\n");

  it("guesses the columns, reports errors per line, and imports nothing while any row is bad", async () => {
    const text = csv(["Ana Ruiz,ana@example.com,214-555-0101,Tier 2,referral", "No Email,,,1,", "Bad Tier,bad@example.com,,7,"]);
    const analysis = await analyseImport(text);
    expect(analysis.mapping).toMatchObject({ name: 0, email: 1, phone: 2, tier: 3, source: 4, status: null });
    expect(analysis.errors).toEqual([
      { line: 3, errors: ["Name and email are required"] },
      { line: 4, errors: [expect.stringMatching(/^Tier “7” is not one of/)] },
    ]);
    const result = await importLeads(adminActor(), text, guessMapping(analysis.headers));
    expect(result.ok).toBe(false);
    expect(await db().select().from(leads)).toHaveLength(0);
  });

  it("imports every valid row in one go and skips duplicates by e-mail (existing or repeated), reporting them", async () => {
    await addLead(adminActor(), { name: "Already Here", email: "here@example.com", phone: null, businessType: null, industry: null, tier: null, message: null });
    const text = csv(["Ana Ruiz,ana@example.com,,2,referral", "Again,HERE@example.com,,,", "Ana Twice,ana@example.com,,,", "Bo Li,bo@example.com,,,website"]);
    const analysis = await analyseImport(text);
    expect(analysis.duplicates).toEqual([
      { line: 3, email: "HERE@example.com", reason: "existing" },
      { line: 4, email: "ana@example.com", reason: "in-file" },
    ]);
    const result = await importLeads(adminActor(), text, analysis.mapping);
    expect(result).toEqual({ ok: true, imported: 2, skippedDuplicates: 2 });
    const imported = await db().select().from(leads).where(eq(leads.email, "ana@example.com"));
    expect(imported[0]).toMatchObject({ name: "Ana Ruiz", tier: "2", source: "referral", status: "new" });
    expect((await listLeadTimeline(imported[0]!.id))[0]).toMatchObject({ event: "form_submitted", data: { source: "import" }, actorName: "Olivia Owner" });
  });
});
