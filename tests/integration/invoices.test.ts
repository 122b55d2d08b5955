import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addOns, projectAddOns } from "~/add-ons/schema";
import { addClient } from "~/clients/clients.server";
import { consultations } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { emailOutbox, emailTemplates } from "~/email/schema";
import { Refusal } from "~/forms/refusal";
import { deletePayment, recordPayment } from "~/invoices/invoice-payments.server";
import { issueNewInvoiceLink, revokeInvoiceLink } from "~/invoices/invoice-link.server";
import { sendInvoice } from "~/invoices/invoice-sending.server";
import { loader as publicInvoiceLoader } from "~/invoices/public-invoice-page";
import { addLineItem, createInvoice, deleteInvoices, findInvoiceByViewToken, findInvoiceDetail, updateInvoiceDetails } from "~/invoices/invoices.server";
import { addConsultationsToInvoice, generateFromProject } from "~/invoices/project-billing.server";
import { invoices } from "~/invoices/schema";
import { clients } from "~/clients/schema";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { testActor } from "../support/actors";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const newClient = (email = "hello@mesaverde.test") =>
  addClient(testActor(), { name: "Mesa Verde Catering", email, phone: null, tier: "1", notes: null });

const details = (clientId: string, overrides: Partial<Parameters<typeof updateInvoiceDetails>[1]> = {}) => ({
  clientId,
  projectId: null,
  tier: null,
  status: "draft" as const,
  dueDate: "2026-12-01",
  paymentMethod: null,
  notes: null,
  promoCode: null,
  discount: 0,
  tax: 0,
  ...overrides,
});

describe("invoice numbers", () => {
  it("gives 20 invoices made at once 20 distinct numbers", async () => {
    const { client } = await newClient();
    const made = await Promise.all(Array.from({ length: 20 }, () => createInvoice({ clientId: client.id, projectId: null, tier: null, dueDate: null })));
    expect(new Set(made.map((invoice) => invoice.invoiceNumber)).size).toBe(20);
    expect(made.every((invoice) => /^INV-\d+$/.test(invoice.invoiceNumber))).toBe(true);
  });
});

describe("the editor", () => {
  it("adds lines, recomputes totals with discount and tax, and refuses a discount above the subtotal", async () => {
    const { client } = await newClient();
    const invoice = await createInvoice({ clientId: client.id, projectId: null, tier: null, dueDate: "2026-12-01" });
    await addLineItem(invoice.id, { description: "Logo refresh", quantity: 2, unitPrice: 12_550 });
    await updateInvoiceDetails(invoice.id, details(client.id, { discount: 1_000, tax: 2_000 }));
    const detail = await findInvoiceDetail(invoice.id);
    expect(detail?.invoice).toMatchObject({ subtotalCents: 25_100, discountCents: 1_000, taxCents: 2_000, totalCents: 26_100 });
    await expect(updateInvoiceDetails(invoice.id, details(client.id, { discount: 30_000 }))).rejects.toThrow(/discount/);
  });

  it("generates from a project: a header at 0, the package spread over deliverables, add-ons by the rule, consultations from 1000", async () => {
    const { client } = await newClient();
    const project = await createProjectForClient(testActor(), client.id, { name: "Catering site", tier: "2" });
    const [flat] = await db().insert(addOns).values({ name: "Extra page", flatPriceCents: 5_000 }).returning();
    const [tiered] = await db().insert(addOns).values({ name: "Blog", tierPricesCents: { "2": 7_500 } }).returning();
    await db().insert(projectAddOns).values([
      { projectId: project.id, addOnId: flat!.id, quantity: 2 },
      { projectId: project.id, addOnId: tiered!.id, quantity: 1 },
    ]);
    const invoice = await createInvoice({ clientId: client.id, projectId: project.id, tier: null, dueDate: null });
    await generateFromProject(invoice.id, { deliverables: [0, 1, 2], includeAddOns: true });
    const [done] = await db()
      .insert(consultations)
      .values({ clientId: client.id, status: "completed", consultType: "follow-up", scheduledDate: "2026-11-02" })
      .returning();
    await expect(addConsultationsToInvoice(invoice.id, { consultationIds: [], price: 10_000 })).rejects.toThrow(Refusal);
    await addConsultationsToInvoice(invoice.id, { consultationIds: [done!.id], price: 10_000 });
    await expect(addConsultationsToInvoice(invoice.id, { consultationIds: [done!.id], price: 10_000 })).rejects.toThrow(/billed/);

    const detail = await findInvoiceDetail(invoice.id);
    const lines = detail!.lines;
    expect(lines[0]).toMatchObject({ unitPriceCents: 0, description: expect.stringContaining("Growth Site") });
    expect(lines.slice(1, 4).map((line) => line.unitPriceCents)).toEqual([8_300, 8_300, 8_300]);
    expect(lines.slice(4, 6).map((line) => [line.description, line.totalCents])).toEqual([
      ["Add-on: Blog", 7_500],
      ["Add-on: Extra page", 10_000],
    ]);
    expect(lines[6]).toMatchObject({ itemType: "consultation", sortOrder: 1000, unitPriceCents: 10_000 });
    expect(detail!.invoice.totalCents).toBe(24_900 + 7_500 + 10_000 + 10_000);
    const [billed] = await db().select().from(consultations).where(eq(consultations.id, done!.id));
    expect(billed?.invoiceId).toBe(invoice.id);
  });
});

describe("sending", () => {
  it("sets sent and sent_at and writes the e-mail with the PDF to the outbox in one transaction", async () => {
    const { client, invoice } = await newClient();
    await sendInvoice(invoice.id, null);
    const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(sent).toMatchObject({ status: "sent" });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(sent?.viewToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "invoice"));
    expect(mail).toMatchObject({ toEmail: client.email });
    expect(mail?.text).toContain(`/invoice/${sent?.viewToken}`);
    expect(mail?.attachments[0]).toMatchObject({ contentType: "application/pdf", filename: `${invoice.invoiceNumber}.pdf` });
    expect(Buffer.from(mail!.attachments[0]!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("a failure after the status change leaves no outbox row and a draft invoice", async () => {
    const { invoice } = await newClient();
    await db().delete(emailTemplates).where(eq(emailTemplates.key, "invoice"));
    await expect(sendInvoice(invoice.id, null)).rejects.toThrow(/template/);
    const [after] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ status: "draft", sentAt: null, viewToken: null });
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });
});

describe("payments", () => {
  it("records a partial then a full payment, shows the balance, pays the invoice and follows a removal", async () => {
    const { invoice } = await newClient(); // tier 1: $199.00
    await sendInvoice(invoice.id, null);
    const partial = await recordPayment(invoice.id, { amount: 5_000, paidOn: "2026-11-20", method: "zelle", note: null }, null);
    let detail = await findInvoiceDetail(invoice.id);
    expect(detail?.money).toEqual({ paidCents: 5_000, balanceCents: 14_900 });
    expect(detail?.invoice.status).toBe("sent");
    await expect(recordPayment(invoice.id, { amount: 20_000, paidOn: "2026-11-21", method: "cash", note: null }, null)).rejects.toThrow(/more than the balance/);
    await recordPayment(invoice.id, { amount: 14_900, paidOn: "2026-11-22", method: "check", note: null }, null);
    detail = await findInvoiceDetail(invoice.id);
    expect(detail?.money.balanceCents).toBe(0);
    expect(detail?.invoice).toMatchObject({ status: "paid", paidDate: "2026-11-22", paymentMethod: "check" });
    // Paid is locked against edits.
    await expect(addLineItem(invoice.id, { description: "More", quantity: 1, unitPrice: 100 })).rejects.toThrow(/locked/);
    await deletePayment(invoice.id, partial.id);
    detail = await findInvoiceDetail(invoice.id);
    expect(detail?.money.balanceCents).toBe(5_000);
    expect(detail?.invoice.status).not.toBe("paid");
    expect(detail?.invoice.paidDate).toBeNull();
  });
});

describe("what is refused, changing nothing", () => {
  it("keeps an invoice with payments from bulk delete, a total below what was paid, a sent invoice's client, and amounts past a money column", async () => {
    const { client, invoice } = await newClient(); // tier 1: $199.00
    await sendInvoice(invoice.id, null);
    await recordPayment(invoice.id, { amount: 15_000, paidOn: "2026-11-20", method: "zelle", note: null }, null);
    await expect(deleteInvoices([invoice.id])).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/payments recorded/) });
    await expect(updateInvoiceDetails(invoice.id, details(client.id, { status: "sent", discount: 10_000 }))).rejects.toThrow(/already been paid/);
    const { client: other } = await newClient("other@mesaverde.test");
    await expect(updateInvoiceDetails(invoice.id, details(other.id, { status: "sent" }))).rejects.toThrow(/stays theirs/);
    await expect(addLineItem(invoice.id, { description: "Too much", quantity: 2, unitPrice: 2_000_000_000 })).rejects.toBeInstanceOf(Refusal);
    const detail = await findInvoiceDetail(invoice.id);
    expect(detail?.invoice).toMatchObject({ clientId: client.id, totalCents: 19_900, discountCents: 0 });
    expect(detail?.lines).toHaveLength(1);
  });
});

describe("the client's invoice link", () => {
  it("opens with the whole token only, and records the first view once", async () => {
    const { invoice } = await newClient();
    await sendInvoice(invoice.id, null);
    const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const token = sent!.viewToken!;
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await findInvoiceByViewToken(altered, { recordView: true })).toBeUndefined();
    expect(await findInvoiceByViewToken(token.slice(0, 20), { recordView: true })).toBeUndefined();
    expect(await findInvoiceByViewToken(invoice.id, { recordView: true })).toBeUndefined();
    const [unviewed] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(unviewed?.firstViewedAt).toBeNull();

    const first = new Date("2026-11-24T15:00:00Z");
    const opened = await findInvoiceByViewToken(token, { recordView: true, now: first });
    expect(opened?.invoice.invoiceNumber).toBe(invoice.invoiceNumber);
    await findInvoiceByViewToken(token, { recordView: true, now: new Date("2026-11-25T15:00:00Z") });
    const [viewed] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(viewed?.firstViewedAt?.toISOString()).toBe(first.toISOString());
  });
});

describe("taking the client's invoice link back", () => {
  it("revokes the link (the old one answers 404) and issues a new one in its place", async () => {
    const { invoice } = await newClient();
    await expect(revokeInvoiceLink(invoice.id)).rejects.toMatchObject({ status: 409 });
    await expect(issueNewInvoiceLink(invoice.id)).rejects.toThrow("The client's link is made when the invoice is sent.");
    await sendInvoice(invoice.id, null);
    const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const old = sent!.viewToken!;
    const page = (token: string) => publicInvoiceLoader({ params: { token }, request: new Request(`http://localhost/invoice/${token}`), context: {} } as never);
    expect((await page(old)).init?.status).toBeUndefined();

    await revokeInvoiceLink(invoice.id);
    expect(await findInvoiceByViewToken(old, { recordView: true })).toBeUndefined();
    expect((await page(old)).init?.status).toBe(404);

    const link = await issueNewInvoiceLink(invoice.id);
    const fresh = link.split("/invoice/")[1]!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect((await findInvoiceByViewToken(fresh, { recordView: false }))?.invoice.id).toBe(invoice.id);
    expect(await findInvoiceByViewToken(old, { recordView: false })).toBeUndefined();
    // Sending again sends the new link, not a third one.
    await sendInvoice(invoice.id, null);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "invoice"));
    expect(mails.at(-1)?.text).toContain(`/invoice/${fresh}`);
  });
});

describe("a lead's promo code on an invoice", () => {
  it("gives the promo price, marks the promo used, and cannot be applied by a second invoice", async () => {
    const [lead] = await db()
      .insert(leads)
      .values({ name: "Rosa", email: "rosa@example.com", source: "manual", promoCode: "LAUNCH-ABC-1234", promoStatus: "active", promoExpiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const [client] = await db().insert(clients).values({ name: "Rosa's Catering", email: "rosa@example.com", tier: "1", leadId: lead!.id }).returning();
    const project = await createProjectForClient(testActor(), client!.id, { name: "Starter site", tier: "1" });
    const invoice = await createInvoice({ clientId: client!.id, projectId: project.id, tier: null, dueDate: null });
    await expect(updateInvoiceDetails(invoice.id, details(client!.id, { projectId: project.id, promoCode: "LAUNCH-OTHER-0000" }))).rejects.toThrow(/not this client/);
    await updateInvoiceDetails(invoice.id, details(client!.id, { projectId: project.id, promoCode: "LAUNCH-ABC-1234" }));
    const [used] = await db().select().from(leads).where(eq(leads.id, lead!.id));
    expect(used?.promoStatus).toBe("used");
    await generateFromProject(invoice.id, { deliverables: [0, 1], includeAddOns: false });
    expect((await findInvoiceDetail(invoice.id))?.invoice.totalCents).toBe(9_900);

    const second = await createInvoice({ clientId: client!.id, projectId: project.id, tier: null, dueDate: null });
    await expect(updateInvoiceDetails(second.id, details(client!.id, { promoCode: "LAUNCH-ABC-1234" }))).rejects.toThrow(/no longer active/);
  });
});
