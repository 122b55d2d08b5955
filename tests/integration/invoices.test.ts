import { readListView } from "~/lists/list-view";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addOns, projectAddOns } from "~/add-ons/schema";
import { listAuditEntries } from "~/audit/audit-log.server";
import { withClientAddress } from "~/request-safety/client-address.server";
import { user } from "~/auth/schema";
import { addClient } from "~/clients/add-client.server";
import { consultations } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { emailOutbox, emailTemplates } from "~/email/schema";
import { Refusal } from "~/refusal/refusal";
import { deletePayment } from "~/invoices/delete-payment.server";
import { recordPayment } from "~/invoices/record-payment.server";
import { issueNewInvoiceLink, revokeInvoiceLink } from "~/invoices/invoice-link.server";
import { sendInvoice } from "~/invoices/send-invoice.server";
import { action as publicInvoiceAction, loader as publicInvoiceLoader } from "~/invoices/public-invoice-page";
import { action as webhookAction, loader as webhookLoader } from "~/invoices/stripe-webhook-route";
import { addLineItem } from "~/invoices/add-line-item.server";
import { createInvoice } from "~/invoices/create-invoice.server";
import { deleteInvoices } from "~/invoices/delete-invoices.server";
import { deleteLineItem } from "~/invoices/delete-line-item.server";
import { findInvoiceByViewToken, findInvoiceDetail } from "~/invoices/invoice-detail.server";
import { listInvoices } from "~/invoices/invoice-lists.server";
import { moveLineItem } from "~/invoices/move-line-item.server";
import { reopenInvoice } from "~/invoices/reopen-invoice.server";
import { updateInvoiceDetails, type UpdateInvoiceDetailsOptions } from "~/invoices/update-invoice-details.server";
import { updateLineItem } from "~/invoices/update-line-item.server";
import { INVOICE_LIST_VIEW } from "~/invoices/invoice-list-view";
import { action as invoiceAction } from "~/admin/invoice-detail-page";
import { signedInCookie } from "../support/sessions";
import { addConsultationsToInvoice } from "~/consultations/bill-consultations.server";
import { generateFromProject } from "~/invoices/project-billing.server";
import { invoicePayments, invoices } from "~/invoices/schema";
import { clients } from "~/clients/schema";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { testActor } from "../support/actors";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

let adminId: string;
const actor = () => testActor({ userId: adminId, email: `owner-${adminId}@example.com` });
beforeEach(async () => {
  adminId = randomUUID();
  await db().insert(user).values({ id: adminId, name: "Olivia Owner", email: `owner-${adminId}@example.com` });
});

const newClient = (email = "hello@mesaverde.test") =>
  addClient({ actor: testActor(), input: { name: "Mesa Verde Catering", email, phone: null, tier: "1", notes: null } });

const details = (clientId: string, overrides: Partial<UpdateInvoiceDetailsOptions["input"]> = {}) => ({
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
    const made = await Promise.all(Array.from({ length: 20 }, () => createInvoice({ actor: actor(), input: { clientId: client.id, projectId: null, tier: null, dueDate: null } })));
    expect(new Set(made.map((invoice) => invoice.invoiceNumber)).size).toBe(20);
    expect(made.every((invoice) => /^INV-\d+$/.test(invoice.invoiceNumber))).toBe(true);
  });
});

describe("the editor", () => {
  it("adds lines, recomputes totals with discount and tax, and refuses a discount above the subtotal", async () => {
    const { client } = await newClient();
    const invoice = await createInvoice({ actor: actor(), input: { clientId: client.id, projectId: null, tier: null, dueDate: "2026-12-01" } });
    await addLineItem({ actor: actor(), invoiceId: invoice.id, input: { description: "Logo refresh", quantity: 2, unitPrice: 12_550 } });
    await updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client.id, { discount: 1_000, tax: 2_000 }) });
    const detail = await findInvoiceDetail(invoice.id);
    expect(detail?.invoice).toMatchObject({ subtotalCents: 25_100, discountCents: 1_000, taxCents: 2_000, totalCents: 26_100 });
    await expect(updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client.id, { discount: 30_000 }) })).rejects.toThrow(/discount/);
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
    const invoice = await createInvoice({ actor: actor(), input: { clientId: client.id, projectId: project.id, tier: null, dueDate: null } });
    await generateFromProject(actor(), invoice.id, { deliverables: [0, 1, 2], includeAddOns: true });
    const [done] = await db()
      .insert(consultations)
      .values({ clientId: client.id, status: "completed", consultType: "follow-up", scheduledDate: "2026-11-02" })
      .returning();
    await expect(addConsultationsToInvoice({ actor: actor(), invoiceId: invoice.id, consultationIds: [], price: 10_000 })).rejects.toThrow(Refusal);
    await addConsultationsToInvoice({ actor: actor(), invoiceId: invoice.id, consultationIds: [done!.id], price: 10_000 });
    await expect(addConsultationsToInvoice({ actor: actor(), invoiceId: invoice.id, consultationIds: [done!.id], price: 10_000 })).rejects.toThrow(/billed/);

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
    // The two refused additions (none chosen, billed already) wrote nothing.
    const audit = await listAuditEntries({ entityType: "invoice", entityId: invoice.id });
    expect(audit.map((entry) => entry.action)).toEqual(["invoice.add-consultations", "invoice.generate-from-project", "invoice.create-invoice"]);
    expect(audit[0]).toMatchObject({ summary: `Added 1 consultation(s) to an invoice (${invoice.invoiceNumber})`, details: { consultationIds: [done!.id], priceCents: 10_000 } });
  });
});

describe("sending", () => {
  it("sets sent and sent_at and writes the e-mail with the PDF to the outbox in one transaction", async () => {
    const { client, invoice } = await newClient();
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
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
    await expect(sendInvoice({ actor: actor(), invoiceId: invoice.id })).rejects.toThrow(/template/);
    const [after] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ status: "draft", sentAt: null, viewToken: null });
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });
});

describe("payments", () => {
  it("records a partial then a full payment, shows the balance, pays the invoice and follows a removal", async () => {
    const { invoice } = await newClient(); // tier 1: $199.00
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    const partial = await recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 5_000, paidOn: "2026-11-20", method: "zelle", note: null } });
    let detail = await findInvoiceDetail(invoice.id);
    expect(detail?.money).toEqual({ paidCents: 5_000, balanceCents: 14_900 });
    expect(detail?.invoice.status).toBe("sent");
    await expect(recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 20_000, paidOn: "2026-11-21", method: "cash", note: null } })).rejects.toThrow(/more than the balance/);
    await recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 14_900, paidOn: "2026-11-22", method: "check", note: null } });
    detail = await findInvoiceDetail(invoice.id);
    expect(detail?.money.balanceCents).toBe(0);
    expect(detail?.invoice).toMatchObject({ status: "paid", paidDate: "2026-11-22", paymentMethod: "check" });
    // Paid is locked against edits.
    await expect(addLineItem({ actor: actor(), invoiceId: invoice.id, input: { description: "More", quantity: 1, unitPrice: 100 } })).rejects.toThrow(/locked/);
    await deletePayment({ actor: actor(), invoiceId: invoice.id, paymentId: partial.id });
    detail = await findInvoiceDetail(invoice.id);
    expect(detail?.money.balanceCents).toBe(5_000);
    expect(detail?.invoice.status).not.toBe("paid");
    expect(detail?.invoice.paidDate).toBeNull();
  });
});

describe("what is refused, changing nothing", () => {
  it("keeps an invoice with payments from bulk delete, a total below what was paid, a sent invoice's client, and amounts past a money column", async () => {
    const { client, invoice } = await newClient(); // tier 1: $199.00
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    await recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 15_000, paidOn: "2026-11-20", method: "zelle", note: null } });
    await expect(deleteInvoices({ actor: actor(), invoiceIds: [invoice.id] })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/payments recorded/) });
    await expect(updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client.id, { status: "sent", discount: 10_000 }) })).rejects.toThrow(/already been paid/);
    const { client: other } = await newClient("other@mesaverde.test");
    await expect(updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(other.id, { status: "sent" }) })).rejects.toThrow(/stays theirs/);
    await expect(addLineItem({ actor: actor(), invoiceId: invoice.id, input: { description: "Too much", quantity: 2, unitPrice: 2_000_000_000 } })).rejects.toBeInstanceOf(Refusal);
    const detail = await findInvoiceDetail(invoice.id);
    expect(detail?.invoice).toMatchObject({ clientId: client.id, totalCents: 19_900, discountCents: 0 });
    expect(detail?.lines).toHaveLength(1);
  });
});

describe("the client's invoice link", () => {
  it("opens with the whole token only, and records the first view once", async () => {
    const { invoice } = await newClient();
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
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

describe("without card payments (no Stripe keys)", () => {
  it("the client's page, the e-mail and the webhook are as before: bank transfer only", async () => {
    const { invoice } = await newClient();
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const token = sent!.viewToken!;
    const page = await publicInvoiceLoader({ params: { token }, request: new Request(`http://localhost/invoice/${token}?checkout=success&session_id=cs_x`), context: {} } as never);
    expect(page.data.card).toEqual({ payable: false, returned: null, payments: [] });
    expect(page.init?.headers).toEqual({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "invoice"));
    expect(mail?.text).not.toContain("Pay now");
    expect(mail?.html).not.toContain("Pay now");
    const paying = await publicInvoiceAction({ params: { token }, request: new Request(`http://localhost/invoice/${token}`, { method: "POST", body: new URLSearchParams({ intent: "pay-by-card" }) }), context: {} } as never);
    expect(paying).toMatchObject({ init: { status: 404 }, data: { formError: "Card payments are not available." } });
    const webhook = await webhookAction({ request: new Request("http://localhost/webhooks/stripe", { method: "POST", body: "{}" }), params: {}, context: {} } as never);
    expect(webhook.status).toBe(404);
    expect(webhookLoader().status).toBe(404);
  });
});

describe("card payments turned off after a card paid", () => {
  it("the client's page still lists what the card paid, offers no Pay now, and asks nothing more of a paid invoice", async () => {
    const { invoice } = await newClient();
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const detail = await findInvoiceDetail(invoice.id);
    // A payment Stripe took while card payments were on (the webhook wrote it so).
    await db().insert(invoicePayments).values({ invoiceId: invoice.id, amountCents: detail!.money.balanceCents, paidOn: "2026-11-20", method: "stripe", providerPaymentId: "pi_test_earlier" });
    const token = sent!.viewToken!;
    const page = await publicInvoiceLoader({ params: { token }, request: new Request(`http://localhost/invoice/${token}`), context: {} } as never);
    expect(page.data.card).toMatchObject({ payable: false, returned: null, payments: [{ paidOn: "2026-11-20", amountCents: detail!.money.balanceCents }] });
    expect(page.data.invoice.balanceCents).toBe(0);
  });
});

describe("taking the client's invoice link back", () => {
  it("revokes the link (the old one answers 404) and issues a new one in its place", async () => {
    const { invoice } = await newClient();
    await expect(revokeInvoiceLink(actor(), invoice.id)).rejects.toMatchObject({ status: 409 });
    await expect(issueNewInvoiceLink(actor(), invoice.id)).rejects.toThrow("The client's link is made when the invoice is sent.");
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    const [sent] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const old = sent!.viewToken!;
    const page = (token: string) => publicInvoiceLoader({ params: { token }, request: new Request(`http://localhost/invoice/${token}`), context: {} } as never);
    /** The page's answer: its status when it threw one (the one not-found answer), else 200. */
    const statusOf = async (token: string) => page(token).then(() => 200, (thrown: { init?: { status?: number } }) => thrown.init?.status);
    expect(await statusOf(old)).toBe(200);

    await revokeInvoiceLink(actor(), invoice.id);
    expect(await findInvoiceByViewToken(old, { recordView: true })).toBeUndefined();
    expect(await statusOf(old)).toBe(404);

    const link = await issueNewInvoiceLink(actor(), invoice.id);
    const fresh = link.split("/invoice/")[1]!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect((await findInvoiceByViewToken(fresh, { recordView: false }))?.invoice.id).toBe(invoice.id);
    expect(await findInvoiceByViewToken(old, { recordView: false })).toBeUndefined();
    // Sending again sends the new link, not a third one.
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
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
    const project = await createProjectForClient(actor(), client!.id, { name: "Starter site", tier: "1" });
    const invoice = await createInvoice({ actor: actor(), input: { clientId: client!.id, projectId: project.id, tier: null, dueDate: null } });
    await expect(updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client!.id, { projectId: project.id, promoCode: "LAUNCH-OTHER-0000" }) })).rejects.toThrow(/not this client/);
    await updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client!.id, { projectId: project.id, promoCode: "LAUNCH-ABC-1234" }) });
    const [used] = await db().select().from(leads).where(eq(leads.id, lead!.id));
    expect(used?.promoStatus).toBe("used");
    await generateFromProject(actor(), invoice.id, { deliverables: [0, 1], includeAddOns: false });
    expect((await findInvoiceDetail(invoice.id))?.invoice.totalCents).toBe(9_900);

    const second = await createInvoice({ actor: actor(), input: { clientId: client!.id, projectId: project.id, tier: null, dueDate: null } });
    await expect(updateInvoiceDetails({ actor: actor(), invoiceId: second.id, input: details(client!.id, { promoCode: "LAUNCH-ABC-1234" }) })).rejects.toThrow(/no longer active/);
  });
});

describe("the list", () => {
  it("pages a view by keyset, newest first or oldest first, within a status and a client", async () => {
    const { client } = await newClient();
    const { client: other } = await newClient("other@mesaverde.test");
    for (let i = 0; i < 4; i += 1) await createInvoice({ actor: actor(), input: { clientId: client.id, projectId: null, tier: null, dueDate: null } });
    const view = readListView(new URLSearchParams(`status=draft&client=${client.id}`), INVOICE_LIST_VIEW);
    const first = await listInvoices({ view, pageSize: 2 });
    const second = await listInvoices({ view, after: first.nextCursor, pageSize: 2 });
    const third = await listInvoices({ view, after: second.nextCursor, pageSize: 2 });
    // Five drafts of the client: its draft from addClient and the four above; none of the other client's.
    const walked = [...first.invoices, ...second.invoices, ...third.invoices];
    expect(walked).toHaveLength(5);
    expect(walked.every((row) => row.clientId === client.id && row.clientName === "Mesa Verde Catering")).toBe(true);
    expect(walked.map((row) => row.createdAt.getTime())).toEqual([...walked.map((row) => row.createdAt.getTime())].sort((a, b) => b - a));
    expect(third.nextCursor).toBeNull();
    expect((await listInvoices({ view, before: third.previousCursor, pageSize: 2 })).invoices.map((row) => row.id)).toEqual(second.invoices.map((row) => row.id));
    const oldestFirst = await listInvoices({ view: readListView(new URLSearchParams(`client=${client.id}&sort=created&dir=asc`), INVOICE_LIST_VIEW), pageSize: 10 });
    expect(oldestFirst.invoices.map((row) => row.id)).toEqual(walked.map((row) => row.id).reverse());
    expect((await listInvoices({ view: readListView(new URLSearchParams(`client=${other.id}`), INVOICE_LIST_VIEW) })).invoices).toHaveLength(1);
    // An edited cursor is the first page, never a database error.
    expect((await listInvoices({ view, after: "not-a-cursor", pageSize: 2 })).invoices.map((row) => row.id)).toEqual(first.invoices.map((row) => row.id));
  });
});

describe("the audit log", () => {
  it("each change writes its own entry in its transaction: the action, the invoice, the admin, no person's data", async () => {
    const { client } = await newClient();
    const invoice = await createInvoice({ actor: actor(), input: { clientId: client.id, projectId: null, tier: null, dueDate: "2026-12-01" } });
    const logo = await addLineItem({ actor: actor(), invoiceId: invoice.id, input: { description: "Logo for Mesa Verde", quantity: 1, unitPrice: 10_000 } });
    const rush = await addLineItem({ actor: actor(), invoiceId: invoice.id, input: { description: "Rush delivery", quantity: 1, unitPrice: 2_500 } });
    await updateLineItem({ actor: actor(), invoiceId: invoice.id, lineItemId: logo.id, input: { description: "Logo refresh", quantity: 2, unitPrice: 10_000 } });
    await moveLineItem({ actor: actor(), invoiceId: invoice.id, lineItemId: rush.id, direction: "up" });
    await moveLineItem({ actor: actor(), invoiceId: invoice.id, lineItemId: rush.id, direction: "up" }); // already first: nothing changes, nothing is recorded
    await deleteLineItem({ actor: actor(), invoiceId: invoice.id, lineItemId: rush.id });
    await updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client.id, { tax: 500 }) });
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    const payment = await recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 20_500, paidOn: "2026-11-20", method: "zelle", note: "Paid by Mesa Verde" } });
    await reopenInvoice({ actor: actor(), invoiceId: invoice.id });
    await deletePayment({ actor: actor(), invoiceId: invoice.id, paymentId: payment.id });

    const audit = await listAuditEntries({ entityType: "invoice", entityId: invoice.id, limit: 100 });
    expect(audit.map((entry) => entry.action).reverse()).toEqual([
      "invoice.create-invoice",
      "invoice.add-item",
      "invoice.add-item",
      "invoice.update-item",
      "invoice.move-item",
      "invoice.delete-item",
      "invoice.save-details",
      "invoice.send-invoice",
      "invoice.record-payment",
      "invoice.reopen",
      "invoice.delete-payment",
    ]);
    expect(audit.every((entry) => entry.actorUserId === adminId && entry.actorEmail === `owner-${adminId}@example.com` && entry.ipAddress === "203.0.113.7")).toBe(true);
    for (const entry of audit) {
      expect(entry.summary).toContain(invoice.invoiceNumber);
      expect(JSON.stringify([entry.summary, entry.details])).not.toMatch(/Mesa Verde|mesaverde|Logo|Rush/);
    }
    const [, , paid] = audit;
    expect(paid).toMatchObject({ action: "invoice.record-payment", summary: `Recorded a payment of $205.00, paying the invoice (${invoice.invoiceNumber})` });
    expect(paid?.details).toMatchObject({ paymentId: payment.id, amountCents: 20_500, method: "zelle", status: { from: "sent", to: "paid" } });

    const drafts = await Promise.all([1, 2].map(() => createInvoice({ actor: actor(), input: { clientId: client.id, projectId: null, tier: null, dueDate: null } })));
    expect(await deleteInvoices({ actor: actor(), invoiceIds: drafts.map((draft) => draft.id) })).toBe(2);
    const [deleted] = await listAuditEntries({ action: "invoice.delete-invoices" });
    expect(deleted).toMatchObject({ entityType: "invoice", entityId: null, summary: "Deleted 2 invoices", details: { ids: expect.arrayContaining(drafts.map((draft) => draft.id)) } });
  });

  it("a refused change writes no entry (its transaction rolls back with it)", async () => {
    const { client, invoice } = await newClient();
    await sendInvoice({ actor: actor(), invoiceId: invoice.id });
    await recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 19_900, paidOn: "2026-11-20", method: "cash", note: null } });
    const before = await listAuditEntries({ domain: "invoice", limit: 100 });
    await expect(addLineItem({ actor: actor(), invoiceId: invoice.id, input: { description: "More", quantity: 1, unitPrice: 100 } })).rejects.toThrow(/locked/);
    await expect(updateInvoiceDetails({ actor: actor(), invoiceId: invoice.id, input: details(client.id, { status: "paid", discount: 30_000 }) })).rejects.toThrow(Refusal);
    await expect(deleteInvoices({ actor: actor(), invoiceIds: [invoice.id] })).rejects.toThrow(/payments recorded/);
    await expect(sendInvoice({ actor: actor(), invoiceId: invoice.id })).rejects.toThrow(/already paid/);
    await expect(recordPayment({ actor: actor(), invoiceId: invoice.id, input: { amount: 100, paidOn: "2026-11-21", method: "cash", note: null } })).rejects.toThrow(/Nothing is owed/);
    await expect(reopenInvoice({ actor: actor(), invoiceId: randomUUID() })).rejects.toMatchObject({ status: 404 });
    expect(await listAuditEntries({ domain: "invoice", limit: 100 })).toEqual(before);
  });
});

describe("the editor's actions as the server runs them", () => {
  /** Posts a form to the invoice page's action as the admin of `cookie`, from 203.0.113.7. */
  async function post(cookie: string, invoiceId: string, fields: Record<string, string>) {
    const request = new Request(`http://localhost/admin/invoices/${invoiceId}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const answer = await withClientAddress("203.0.113.7", () => invoiceAction({ request, params: { invoiceId }, context: {} } as never));
    if (answer instanceof Response) return { status: answer.status, body: null };
    const { init, data } = answer as { init?: { status?: number } | null; data: unknown };
    return { status: init?.status ?? 200, body: data as Record<string, unknown> };
  }

  it("writes one entry per change, the guard's Actor with its session, and none for a refusal or a failed send", async () => {
    const { cookie, account } = await signedInCookie({ admin: true });
    const { invoice } = await newClient();
    expect((await post(cookie, invoice.id, { intent: "add-item", description: "Rush delivery", quantity: "1", unitPrice: "25" })).status).toBe(302);
    expect((await post(cookie, invoice.id, { intent: "add-item", description: "", quantity: "1", unitPrice: "25" })).status).toBe(400);
    expect((await post(cookie, "not-an-id", { intent: "reopen" })).status).toBe(400);

    // Sending an invoice without lines is refused with the spec's title: nothing sent, nothing recorded.
    const empty = await createInvoice({ actor: actor(), input: { clientId: invoice.clientId, projectId: null, tier: null, dueDate: null } });
    const failed = await post(cookie, empty.id, { intent: "send-invoice" });
    expect(failed).toMatchObject({ status: 400, body: { ok: false, formError: "Add at least one line item before sending.", formErrorTitle: "Failed to send invoice" } });
    expect((await listAuditEntries({ entityId: empty.id })).map((entry) => entry.action)).toEqual(["invoice.create-invoice"]);
    expect(await db().select().from(emailOutbox)).toHaveLength(0);

    const audit = await listAuditEntries({ entityId: invoice.id });
    expect(audit.map((entry) => entry.action)).toEqual(["invoice.add-item"]);
    expect(audit[0]).toMatchObject({ actorEmail: account.email, ipAddress: "203.0.113.7", entityType: "invoice", entityId: invoice.id });
    expect(audit[0]?.sessionId).toEqual(expect.any(String));
    expect(audit[0]?.actorUserId).toEqual(expect.any(String));
  });
});
