import { testActor } from "../support/actors";
import { decodeOfferedDays, slotKeyOf } from "~/availability/offered-days";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { auditFilterChoices, listAuditEntries } from "~/audit/audit-log.server";
import { auditLog } from "~/audit/schema";
import { user } from "~/auth/schema";
import { addSlot } from "~/availability/availability-editing.server";
import { loadBookingPage } from "~/booking/booking.server";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { clients } from "~/clients/schema";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { exportedFileNames, fullExportResponse } from "~/data-transfer/full-export.server";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { promoClaimSchema } from "~/leads/inquiry-form";
import { claimPromo } from "~/leads/claim-promo.server";
import { leads } from "~/leads/schema";
import { packageTiers } from "~/organization/schema";
import { action as addOnsAction } from "~/add-ons/add-ons-page";
import { action as availabilityAction } from "~/availability/availability-page";
import { action as clientsAction } from "~/clients/clients-page";
import { action as convertAction } from "~/clients/convert-lead-route";
import { action as leadsAction } from "~/leads/leads-page";
import { action as newInvoiceAction } from "~/invoices/new-invoice-page";
import { action as organizationAction } from "~/settings/organization-tab";
import { action as promosAction } from "~/settings/promos-tab";
import { getOrganizationSettings, listPackageTiers, saveOrganizationTab, savePromoTab, saveTier } from "~/organization/settings.server";
import { postToAction, statusOf } from "../support/route-actions";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await db().insert(user).values({ id, name: "Ada Admin", email: `${id}@example.com` });
  return testActor({ userId: id, email: `${id}@example.com` });
}

const organization = {
  companyName: "Bright Pixel",
  replyToEmail: "hello@brightpixel.test",
  agencyNotificationEmail: "team@brightpixel.test",
  phone: "+1 555 0100",
  address: "1 Main St, Springfield",
  timezone: "America/New_York" as const,
  clientPortalEnabled: true,
};
/** The same as the Organization tab's form posts it: the portal's box ticked. */
const { clientPortalEnabled: _portalOn, ...organizationTyped } = organization;
const organizationPosted = { ...organizationTyped, clientPortalEnabled: "on" };

describe("a changed setting reaches its readers", () => {
  it("the business time zone places the offered slots", async () => {
    const now = new Date("2026-03-02T13:00:00Z");
    const [lead] = await db().insert(leads).values({ name: "Ana Lima", email: "ana@example.com", source: "website" }).returning();
    const slot = await addSlot(testActor(), { date: "2026-03-03", startTime: "10:00", endTime: "10:30", status: "open" });
    const booking = await createBookingInvitation({ actor: testActor(), leadId: lead!.id, windowDays: 7, now });

    const inNewYork = await loadBookingPage(booking.bookingToken, now);
    if (inNewYork.kind !== "ready") throw new Error("not ready");
    expect(decodeOfferedDays(inNewYork.offered.days, inNewYork.timeZone).find((time) => time.key === slotKeyOf(slot))?.start).toBe("2026-03-03T15:00:00.000Z");

    await saveOrganizationTab(testActor(), { ...organization, timezone: "Europe/Paris" });
    const inParis = await loadBookingPage(booking.bookingToken, now);
    if (inParis.kind !== "ready") throw new Error("not ready");
    expect(decodeOfferedDays(inParis.offered.days, inParis.timeZone).find((time) => time.key === slotKeyOf(slot))?.start).toBe("2026-03-03T09:00:00.000Z");
  });

  it("a new promo claim gets the configured days and prefix, its e-mail the company's name and address", async () => {
    await saveOrganizationTab(testActor(), organization);
    await savePromoTab(testActor(), { promoDurationDays: 3, promoCodePrefix: "SPRING", referralCommissionPercent: 12, promoPopupDelaySeconds: 2 });
    const now = new Date("2026-11-02T15:00:00Z");
    const claim = promoClaimSchema.parse({ name: "Ana Rivera", email: "ana@example.com", phone: "214-555-0100", placement: "popup" });
    const result = await claimPromo({ input: claim, submitter: { clientAddress: "10.9.0.1", now } });
    const [lead] = await db().select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead?.promoCode).toMatch(/^SPRING-/);
    expect(lead?.promoExpiresAt?.toISOString()).toBe("2026-11-05T15:00:00.000Z");
    expect((await getOrganizationSettings()).referralCommissionPercent).toBe(12);
    const [welcome] = await db().select().from(emailOutbox).where(eq(emailOutbox.leadId, result.leadId));
    expect(welcome?.html).toContain("1 Main St, Springfield");
    expect(welcome?.text).toContain("Bright Pixel\n1 Main St, Springfield");
  });

  it("a tier's new price is the draft invoice's price when a lead is converted", async () => {
    const [tier2] = (await listPackageTiers()).filter((tier) => tier.tier === "2");
    await saveTier(testActor(), { tier: "2", name: "Growth Plus", tagline: tier2?.tagline ?? null, price: 31_500, promoPrice: null, isCustomQuote: false, features: ["Up to 5 pages"] });
    const [lead] = await db().insert(leads).values({ name: "Rosa Delgado", email: "rosa@example.com", source: "website", tier: "2" }).returning();
    const { invoice } = await convertLeadToClient({ actor: await anAdmin(), leadId: lead!.id });
    expect(invoice).toMatchObject({ subtotalCents: 31_500, totalCents: 31_500 });
    expect((await listPackageTiers()).find((tier) => tier.tier === "2")).toMatchObject({ name: "Growth Plus", features: ["Up to 5 pages"] });
  });

  it("reads the tier catalog afresh: every change is seen by the next read, announced by the triggers or not", async () => {
    const nameOfTier1 = async () => (await listPackageTiers()).find((tier) => tier.tier === "1")?.name;
    // A change the triggers do not announce (decision 041: the catalog is not kept, it did not pay).
    await db().execute(sql`alter table package_tiers disable trigger user`);
    await db().update(packageTiers).set({ name: "Quietly renamed" }).where(eq(packageTiers.tier, "1"));
    await db().execute(sql`alter table package_tiers enable trigger user`);
    expect(await nameOfTier1()).toBe("Quietly renamed");
    await db().update(packageTiers).set({ name: "Starter Plus" }).where(eq(packageTiers.tier, "1"));
    expect(await nameOfTier1()).toBe("Starter Plus");
    const tier1 = (await listPackageTiers()).find((tier) => tier.tier === "1");
    await saveTier(testActor(), { tier: "1", name: "Starter Site", tagline: tier1?.tagline ?? null, price: 24_900, promoPrice: 9_900, isCustomQuote: false, features: ["One page"] });
    expect((await listPackageTiers()).find((tier) => tier.tier === "1")).toMatchObject({ name: "Starter Site", features: ["One page"] });
  });
});

describe("the audit log", () => {
  it("records an admin action of each domain: who, what, which record, from where", async () => {
    const { cookie, account } = await signedInCookie({ admin: true });
    const [lead] = await db().insert(leads).values({ name: "Ana Lima", email: "ana@example.com", source: "website", tier: "2" }).returning();
    const leadId = lead!.id;

    expect(statusOf(await postToAction(leadsAction, "/admin/leads", cookie, { intent: "change-status", leadId, status: "contacted" }))).toBe(302);
    expect(statusOf(await postToAction(convertAction, `/admin/leads/${leadId}/convert`, cookie, { returnTo: "/admin/leads" }, { leadId }))).toBe(302);
    expect(statusOf(await postToAction(clientsAction, "/admin/clients", cookie, { intent: "create", name: "Bo Chen", email: "bo@example.com", tier: "1" }))).toBe(302);
    const [client] = await db().select().from(clients).where(eq(clients.email, "bo@example.com"));
    expect(statusOf(await postToAction(newInvoiceAction, "/admin/invoices/new", cookie, { intent: "create-invoice", clientId: client!.id, tier: "1" }))).toBe(302);
    expect(statusOf(await postToAction(addOnsAction, "/admin/add-ons", cookie, { intent: "create-add-on", name: "Logo design", flatPrice: "150", availableForTiers: "1" }))).toBeLessThan(400);
    expect(statusOf(await postToAction(availabilityAction, "/admin/availability", cookie, { intent: "add-slot", date: "2026-12-01", startTime: "09:00", endTime: "09:30", status: "open" }))).toBeLessThan(400);
    expect(statusOf(await postToAction(organizationAction, "/admin/settings/organization", cookie, { intent: "save-organization", ...organizationPosted, companyName: "Bright Pixel Studio" }))).toBe(200);
    // A refused form is not a change: nothing is recorded for it.
    expect(statusOf(await postToAction(promosAction, "/admin/settings/promos", cookie, { intent: "save-promos", promoDurationDays: "0", promoCodePrefix: "X", referralCommissionPercent: "5" }))).toBe(400);

    const entries = await listAuditEntries({ limit: 100 });
    const actions = entries.map((entry) => entry.action).sort();
    expect(actions).toEqual(
      ["add-on.create-add-on", "availability.add-slot", "client.create", "invoice.create-invoice", "lead.change-status", "lead.convert", "settings.save-organization"].sort(),
    );
    for (const entry of entries) expect(entry).toMatchObject({ actorEmail: account.email, ipAddress: "203.0.113.7" });
    expect(entries.find((entry) => entry.action === "lead.change-status")).toMatchObject({ entityType: "lead", entityId: leadId, details: { from: "new", to: "contacted" } });
    expect(entries.find((entry) => entry.action === "settings.save-organization")).toMatchObject({ summary: "Organization settings saved", details: { changed: expect.arrayContaining(["companyName", "address"]) } });
    expect(await listAuditEntries({ entityType: "lead", entityId: leadId })).toHaveLength(2);
    expect((await listAuditEntries({ domain: "lead" })).map((entry) => entry.action).sort()).toEqual(["lead.change-status", "lead.convert"]);
  });

  it("offers as filter choices each actor under each e-mail they acted with, each kind of record and each domain", async () => {
    const { account: first } = await signedInCookie({ admin: true });
    const { account: second } = await signedInCookie({ admin: true });
    const idOf = async (email: string) => (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const [firstId, secondId] = [await idOf(first.email), await idOf(second.email)];
    const entry = (actorUserId: string | null, actorEmail: string | null, action: string, entityType: string | null) => ({
      actorUserId,
      actorEmail,
      action,
      entityType,
      entityId: entityType ? "x" : null,
      summary: action,
    });
    await db()
      .insert(auditLog)
      .values([
        entry(firstId, first.email, "lead.change-status", "lead"),
        entry(firstId, first.email, "lead.change-status", "lead"),
        entry(firstId, "renamed@example.com", "invoice.record-payment", "invoice"),
        entry(secondId, second.email, "settings.save-organization", null),
        entry(secondId, second.email, "client.create", "client"),
        entry(null, "gone@example.com", "project.delete", "project"),
      ]);

    const choices = await auditFilterChoices();
    expect(choices.actors).toEqual(
      [
        { id: firstId, email: first.email },
        { id: firstId, email: "renamed@example.com" },
        { id: secondId, email: second.email },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(choices.entityTypes).toEqual(["client", "invoice", "lead", "project"]);
    expect(choices.domains).toEqual(["client", "invoice", "lead", "project", "settings"]);
  });

  it("is append-only: an entry cannot be changed or removed, but an admin's account can go", async () => {
    const { cookie, account } = await signedInCookie({ admin: true });
    await postToAction(organizationAction, "/admin/settings/organization", cookie, { intent: "save-organization", ...organizationPosted });
    const [entry] = await db().select().from(auditLog);
    expect(entry?.actorUserId).not.toBeNull();

    await expect(db().update(auditLog).set({ summary: "nothing happened" }).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(db().delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();

    await db().delete(user).where(eq(user.email, account.email));
    const [kept] = await db().select().from(auditLog).where(eq(auditLog.id, entry!.id));
    // Unchanged, the actor's id included: an entry says who acted after their account is gone (decision 048).
    expect(kept).toEqual(entry);
    const [{ n } = { n: 0 }] = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(n).toBe(1);
  });
});

describe("exporting everything", () => {
  it("streams a zip with one CSV per table, rows included", async () => {
    await db().insert(leads).values({ name: "Ana Lima", email: "ana@example.com", source: "website" });
    await saveOrganizationTab(testActor(), { ...organization, companyName: "Zip Studio" });
    const response = fullExportResponse("America/New_York", new Date("2026-11-24T12:00:00Z"));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="agency-export-2026-11-24.zip"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(exportedFileNames().sort());
    expect(strFromU8(files["leads.csv"]!)).toContain("ana@example.com");
    expect(strFromU8(files["organization_settings.csv"]!)).toContain("Zip Studio");
  });
});
