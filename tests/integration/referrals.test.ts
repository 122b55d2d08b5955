import { testActor } from "../support/actors";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/audit/schema";
import { user } from "~/auth/schema";
import { addClient } from "~/clients/add-client.server";
import { addClientSchema } from "~/clients/client-form";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { db } from "~/db/connection.server";
import { recordPayment } from "~/invoices/record-payment.server";
import { invoices } from "~/invoices/schema";
import { promoClaimSchema } from "~/leads/inquiry-form";
import { claimPromo } from "~/leads/claim-promo.server";
import { listClientReferrals, listReferrals, setReferralPaid } from "~/referrals/referrals.server";
import { referrals } from "~/referrals/schema";
import { organizationSettings } from "~/organization/schema";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const actor = testActor({ email: "admin@example.com", ipAddress: null });

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await db().insert(user).values({ id, name: "Ada Admin", email: `${id}@example.com` });
  return { id, actor: testActor({ userId: id, email: `${id}@example.com` }) };
}

async function aReferrer(email = "rosa@example.com") {
  const { client } = await addClient({ actor, input: addClientSchema.parse({ name: "Rosa Delgado", email, tier: "2" }) });
  if (!client.referralCode) throw new Error("no referral code");
  return client;
}

const claim = (email: string, name = "Ana Rivera") => promoClaimSchema.parse({ name, email, phone: "214-555-0100", placement: "popup" });
const throughRef = (ref: string) => ({ campaign: null, ref, at: new Date() });

describe("referrals", () => {
  it("gives every new client a unique referral code", async () => {
    const a = await aReferrer("a@example.com");
    const b = await aReferrer("b@example.com");
    expect(a.referralCode).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(a.referralCode).not.toBe(b.referralCode);
  });

  it("records a referred lead, converts it with the settings' percent, and earns the commission once the first invoice is paid", async () => {
    const admin = await anAdmin();
    await db().update(organizationSettings).set({ referralCommissionPercent: 15 });
    const referrer = await aReferrer();
    const code = referrer.referralCode ?? "";

    const claimed = await claimPromo({ input: claim("ana@example.com"), submitter: { clientAddress: "10.0.0.1", touch: throughRef(code) } });
    const [pending] = await db().select().from(referrals).where(eq(referrals.leadId, claimed.leadId));
    expect(pending).toMatchObject({ status: "pending", referrerClientId: referrer.id, referrerName: "Rosa Delgado", commissionCents: null, paid: false });

    const conversion = await convertLeadToClient({ actor: admin.actor, leadId: claimed.leadId });
    const invoice = conversion.invoice;
    if (!invoice) throw new Error("not converted");
    // The percent is fixed at conversion: a later change of the setting does not touch it.
    await db().update(organizationSettings).set({ referralCommissionPercent: 50 });
    const [converted] = await db().select().from(referrals).where(eq(referrals.leadId, claimed.leadId));
    expect(converted).toMatchObject({ status: "converted", clientId: conversion.client.id, clientName: "Ana Rivera", commissionPercent: 15, commissionCents: null });
    expect(converted?.convertedAt).toBeInstanceOf(Date);

    await recordPayment({ actor: testActor({ userId: admin.id }), invoiceId: invoice.id, input: { amount: 1_000, paidOn: "2026-11-24", method: "cash", note: null } });
    const [partlyPaid] = await db().select().from(referrals).where(eq(referrals.leadId, claimed.leadId));
    expect(partlyPaid?.commissionCents).toBeNull();

    await recordPayment({ actor: testActor({ userId: admin.id }), invoiceId: invoice.id, input: { amount: invoice.totalCents - 1_000, paidOn: "2026-11-25", method: "cash", note: null } });
    const [earned] = await db().select().from(referrals).where(eq(referrals.leadId, claimed.leadId));
    expect(earned?.commissionCents).toBe(Math.floor((invoice.totalCents * 15 + 50) / 100));

    // A second invoice paid later changes nothing: the commission is on the first.
    const [second] = await db()
      .insert(invoices)
      .values({ invoiceNumber: "INV-REF-2", clientId: conversion.client.id, tier: "4", status: "sent", subtotalCents: 100_000, totalCents: 100_000 })
      .returning();
    if (!second) throw new Error("no invoice");
    await recordPayment({ actor: testActor({ userId: admin.id }), invoiceId: second.id, input: { amount: 100_000, paidOn: "2026-11-26", method: "cash", note: null } });
    const [unchanged] = await db().select().from(referrals).where(eq(referrals.leadId, claimed.leadId));
    expect(unchanged?.commissionCents).toBe(earned?.commissionCents);

    const paid = await setReferralPaid(actor, unchanged?.id ?? "", true);
    expect(paid.paid).toBe(true);
    expect(paid.paidAt).toBeInstanceOf(Date);
    const unpaid = await setReferralPaid(actor, paid.id, false);
    expect(unpaid).toMatchObject({ paid: false, paidAt: null });
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, paid.id));
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual(
      expect.arrayContaining([
        ["referral.set-paid", expect.objectContaining({ paid: true })],
        ["referral.set-paid", expect.objectContaining({ paid: false })],
      ]),
    );
    // The entries name no person: ids and chosen values only.
    expect(JSON.stringify(entries)).not.toMatch(/Rosa|Ana|rosa@|ana@/);

    expect((await listClientReferrals(referrer.id)).map((row) => row.id)).toEqual([paid.id]);
    expect((await listReferrals()).rows.map((row) => row.id)).toEqual([paid.id]);
  });

  it("ignores an unknown code and a client referring themselves, and refuses to pay a referral not converted yet", async () => {
    const referrer = await aReferrer("self@example.com");
    const unknown = await claimPromo({ input: claim("x@example.com"), submitter: { clientAddress: "10.0.0.2", touch: throughRef("ZZZZZZZZ") } });
    const self = await claimPromo({ input: claim("SELF@example.com"), submitter: { clientAddress: "10.0.0.3", touch: throughRef(referrer.referralCode ?? "") } });
    const rows = await db().select().from(referrals);
    expect(rows.filter((row) => row.leadId === unknown.leadId || row.leadId === self.leadId)).toHaveLength(0);

    const other = await claimPromo({ input: claim("friend@example.com", "Fay Friend"), submitter: { clientAddress: "10.0.0.4", touch: throughRef(referrer.referralCode ?? "") } });
    const [pending] = await db().select().from(referrals).where(eq(referrals.leadId, other.leadId));
    await expect(setReferralPaid(actor, pending?.id ?? "", true)).rejects.toThrow(/not become a client/);
    // Refused, so nothing was recorded.
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, pending?.id ?? ""))).toEqual([]);
  });
});
