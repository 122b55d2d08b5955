import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients, type Client } from "~/clients/schema";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { markPromoUsed } from "~/leads/lead-conversion-steps.server";
import { keysetPage } from "~/lists/keyset-page.server";
import { projects, type Project } from "~/projects/schema";
import { nextInvoiceNumber } from "./draft-invoice.server";
import type { InvoiceDetailsInput, LineItemInput, NewInvoiceInput } from "./invoice-forms";
import type { InvoiceListView } from "./invoice-list-view";
import { CONSULTATION_SORT_ORDER_START, DEFAULT_PAYMENT_TERMS_DAYS, type InvoiceStatus } from "./invoice-options";
import { AmountTooLarge, balanceCents, invoiceTotals, lineTotalCents } from "./invoice-totals";
import { addDaysToDate } from "~/availability/slot-time";
import { recordReferralCommission } from "~/referrals/referrals.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { formatCents } from "~/formatting/money";
import { findClientLeadPromo } from "./client-promo.server";
import { invoiceLineItems, invoicePayments, invoices, type Invoice, type InvoiceLineItem, type InvoicePayment } from "./schema";
import { dayIn } from "~/formatting/dates";

export const INVOICES_PAGE_SIZE = 25;

export type InvoiceListRow = Invoice & {
  clientName: string;
  projectNumber: string | null;
  projectName: string | null;
  paidCents: number;
};

/** What the invoice's money looks like with its payments: the balance shown everywhere. */
export type InvoiceMoney = { paidCents: number; balanceCents: number };

/**
 * What was paid against the invoice of the row, summed in the query. The invoice's id is qualified
 * by hand: in a query of the invoices table alone, Drizzle writes its columns unqualified, and in
 * this subquery an unqualified "id" would be the payment's (every invoice then read as unpaid).
 */
export function paidSum() {
  return sql<number>`coalesce((select sum(${invoicePayments.amountCents}) from ${invoicePayments} where ${invoicePayments.invoiceId} = "invoices"."id"), 0)::int`;
}

function viewCondition(view: Pick<InvoiceListView, "status" | "client">): SQL | undefined {
  return and(view.status ? eq(invoices.status, view.status) : undefined, view.client ? eq(invoices.clientId, view.client) : undefined);
}

/** One page of the list by keyset (created_at, id), newest first unless the view says otherwise. */
export async function listInvoices(query: { view: InvoiceListView; after?: string | null; before?: string | null; pageSize?: number }) {
  const page = await keysetPage(
    { after: query.after, before: query.before, size: query.pageSize ?? INVOICES_PAGE_SIZE },
    { by: invoices.createdAt, tieBreaker: invoices.id, direction: query.view.sort.direction, valueKind: "time" },
    ({ beyond, orderBy, limit }) =>
      db()
        .select({ invoice: invoices, clientName: clients.name, projectNumber: projects.projectNumber, projectName: projects.name, paidCents: paidSum() })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .leftJoin(projects, eq(projects.id, invoices.projectId))
        .where(and(viewCondition(query.view), beyond))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ value: row.invoice.createdAt.toISOString(), id: row.invoice.id }),
  );
  const rows: InvoiceListRow[] = page.rows.map((row) => ({
    ...row.invoice,
    clientName: row.clientName,
    projectNumber: row.projectNumber,
    projectName: row.projectName,
    paidCents: Number(row.paidCents),
  }));
  return { invoices: rows, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
}

/**
 * The audit entry of a change to an invoice (decision 020), written in the change's transaction:
 * `invoice.{intent}` about the invoice, named by its number (no person's data in the summary).
 */
export async function recordInvoiceChange(
  tx: DatabaseExecutor,
  actor: Actor,
  invoice: Pick<Invoice, "id" | "invoiceNumber">,
  change: { intent: string; summary: string; details?: Record<string, unknown> },
): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: `invoice.${change.intent}`,
    entityType: "invoice",
    entityId: invoice.id,
    summary: `${change.summary} (${invoice.invoiceNumber})`,
    details: change.details,
  });
}

/** The list's four tiles (spec 001: total, paid, pending = sent, overdue), within the client filter. */
export async function invoiceStats(clientId: string | null) {
  const [row] = await db()
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${invoices.status} = 'paid')::int`,
      pending: sql<number>`count(*) filter (where ${invoices.status} = 'sent')::int`,
      overdue: sql<number>`count(*) filter (where ${invoices.status} = 'overdue')::int`,
    })
    .from(invoices)
    .where(clientId ? eq(invoices.clientId, clientId) : undefined);
  return { total: Number(row?.total ?? 0), paid: Number(row?.paid ?? 0), pending: Number(row?.pending ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export type InvoiceDetail = {
  invoice: Invoice;
  client: Client;
  project: Project | null;
  lines: InvoiceLineItem[];
  payments: InvoicePayment[];
  money: InvoiceMoney;
};

/** An invoice with what the editor, the PDF and the client's page show. */
export async function findInvoiceDetail(invoiceId: string, executor: DatabaseExecutor = db()): Promise<InvoiceDetail | undefined> {
  const [row] = await executor
    .select({ invoice: invoices, client: clients, project: projects })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return undefined;
  const [lines, payments] = await Promise.all([
    executor.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId)).orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id)),
    executor.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
  ]);
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return { ...row, lines, payments, money: { paidCents, balanceCents: balanceCents(row.invoice.totalCents, paidCents) } };
}

/** The invoice locked for a change; refused when it is gone. */
export async function lockInvoice(tx: DatabaseExecutor, invoiceId: string): Promise<Invoice> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!invoice) throw notFound("Invoice not found");
  return invoice;
}

/** A paid invoice is a record of money received: it changes only after an admin reopens it. */
export async function lockEditableInvoice(tx: DatabaseExecutor, invoiceId: string): Promise<Invoice> {
  const invoice = await lockInvoice(tx, invoiceId);
  if (invoice.status === "paid") {
    throw new Refusal("This invoice is paid and locked. Reopen it to make changes.", { status: 409 });
  }
  return invoice;
}

/** Recomputes subtotal and total from the lines (the one totals module), keeping discount and tax. */
export async function saveInvoiceTotals(tx: DatabaseExecutor, invoice: Pick<Invoice, "id" | "discountCents" | "taxCents">): Promise<void> {
  const lines = await tx.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
  const totals = computeTotals(lines, invoice.discountCents, invoice.taxCents);
  await refuseTotalBelowPaid(tx, invoice.id, totals.totalCents);
  await tx.update(invoices).set({ ...totals, updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
}

/** A total below what the client has already paid would leave a payment unaccounted for. */
async function refuseTotalBelowPaid(tx: DatabaseExecutor, invoiceId: string, totalCents: number): Promise<void> {
  const [paid] = await tx
    .select({ cents: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId));
  const paidCents = Number(paid?.cents ?? 0);
  if (totalCents < paidCents) {
    throw new Refusal(`The total cannot be less than what has already been paid (${formatCents(paidCents)}). Remove a payment first.`);
  }
}

const TOO_LARGE = "That amount is too large: an invoice and each of its lines can total at most $21,474,836.47";

/** A line's total, refused (not a database error) when it is past what an invoice can hold. */
export function refusedLineTotal(line: { quantity: number; unitPriceCents: number }): number {
  try {
    return lineTotalCents(line);
  } catch (error) {
    if (error instanceof AmountTooLarge) throw new Refusal(TOO_LARGE, { field: "unitPrice" });
    throw error;
  }
}

function computeTotals(lines: readonly { quantity: number; unitPriceCents: number }[], discountCents: number, taxCents: number) {
  try {
    return invoiceTotals({ lines, discountCents, taxCents });
  } catch (error) {
    if (error instanceof AmountTooLarge) throw new Refusal(TOO_LARGE);
    if (error instanceof RangeError && /discount/i.test(error.message)) {
      throw new Refusal("The discount cannot be larger than the subtotal", { field: "discount" });
    }
    throw error;
  }
}

async function requireClient(executor: DatabaseExecutor, clientId: string): Promise<Client> {
  const [client] = await executor.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new Refusal("Choose a client", { field: "clientId" });
  return client;
}

async function requireProjectOfClient(executor: DatabaseExecutor, projectId: string, clientId: string): Promise<Project> {
  const [project] = await executor.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new Refusal("Could not find project", { field: "projectId" });
  if (project.clientId !== clientId) throw new Refusal("This project belongs to another client", { field: "projectId" });
  return project;
}

/** 'New Invoice': a draft with the next number, due after the default terms unless a date is given. */
export async function createInvoice(actor: Actor, input: NewInvoiceInput, now = new Date()): Promise<Invoice> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    await requireClient(tx, input.clientId);
    const project = input.projectId ? await requireProjectOfClient(tx, input.projectId, input.clientId) : null;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        invoiceNumber: await nextInvoiceNumber(tx),
        clientId: input.clientId,
        projectId: project?.id ?? null,
        tier: input.tier ?? project?.tier ?? null,
        status: "draft",
        dueDate: input.dueDate ?? addDaysToDate(dayIn(now, settings.timezone), DEFAULT_PAYMENT_TERMS_DAYS),
      })
      .returning();
    if (!invoice) throw new Error("The invoice was not saved");
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "create-invoice",
      summary: "Created an invoice",
      details: { clientId: invoice.clientId, projectId: invoice.projectId, tier: invoice.tier },
    });
    return invoice;
  });
}

/** The status a paid flag implies when an admin picks it: paid sets the paid date, others clear it. */
function paidDateFor(status: InvoiceStatus, current: Invoice, today: string): string | null {
  if (status !== "paid") return null;
  return current.paidDate ?? today;
}

/** 'Save Changes': details, discount and tax, totals recomputed; a lead's promo code applied is marked used. */
export async function updateInvoiceDetails(actor: Actor, invoiceId: string, input: InvoiceDetailsInput, now = new Date()): Promise<Invoice> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const current = await lockEditableInvoice(tx, invoiceId);
    const client = await requireClient(tx, input.clientId);
    if (input.projectId) await requireProjectOfClient(tx, input.projectId, input.clientId);
    const lines = await tx.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId));
    const totals = computeTotals(lines, input.discount, input.tax);
    await refuseTotalBelowPaid(tx, invoiceId, totals.totalCents);
    // The client holds a link to this invoice: it stays theirs (bill another client on a new invoice).
    if (current.sentAt && input.clientId !== current.clientId) {
      throw new Refusal("This invoice was sent to its client, so it stays theirs. Create a new invoice for another client.", { field: "clientId" });
    }
    if (input.promoCode && input.promoCode !== current.promoCode) {
      const promo = await findClientLeadPromo(tx, client, invoiceId, now);
      if (!promo || promo.code !== input.promoCode) {
        throw new Refusal("This promo code is not this client's", { field: "promoCode" });
      }
      if (!promo.applicable) throw new Refusal("This promo code is no longer active", { field: "promoCode" });
      if (promo.leadId) await markPromoUsed(tx, promo.leadId, promo.code);
    }
    const [updated] = await tx
      .update(invoices)
      .set({
        clientId: input.clientId,
        projectId: input.projectId,
        tier: input.tier,
        status: input.status,
        dueDate: input.dueDate,
        paidDate: paidDateFor(input.status, current, dayIn(now, settings.timezone)),
        paymentMethod: input.paymentMethod,
        notes: input.notes,
        promoCode: input.promoCode,
        ...totals,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (!updated) throw notFound("Invoice not found");
    if (updated.status === "paid" && current.status !== "paid") {
      await recordReferralCommission(tx, { clientId: updated.clientId, invoiceTotalCents: updated.totalCents });
    }
    await recordInvoiceChange(tx, actor, updated, {
      intent: "save-details",
      summary: current.status === updated.status ? "Saved an invoice's details" : `Saved an invoice's details, status ${current.status} to ${updated.status}`,
      details: {
        clientId: updated.clientId,
        projectId: updated.projectId,
        status: { from: current.status, to: updated.status },
        totalCents: updated.totalCents,
        promoApplied: Boolean(updated.promoCode && updated.promoCode !== current.promoCode),
      },
    });
    return updated;
  });
}

/** Reopens a paid invoice for edits: back to sent (or draft if it was never sent); its payments stay. */
export async function reopenInvoice(actor: Actor, invoiceId: string): Promise<Invoice> {
  return db().transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.status !== "paid") throw new Refusal("Only a paid invoice needs reopening");
    const [updated] = await tx
      .update(invoices)
      .set({ status: invoice.sentAt ? "sent" : "draft", paidDate: null, updatedAt: new Date() })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (!updated) throw notFound("Invoice not found");
    await recordInvoiceChange(tx, actor, updated, { intent: "reopen", summary: `Reopened a paid invoice as ${updated.status}` });
    return updated;
  });
}

/** The next sort order for a package/add-on line: after the others, below the consultations' 1000. */
export async function nextLineSortOrder(tx: DatabaseExecutor, invoiceId: string, consultation = false): Promise<number> {
  const floor = consultation ? CONSULTATION_SORT_ORDER_START : 0;
  const [row] = await tx
    .select({ highest: max(invoiceLineItems.sortOrder) })
    .from(invoiceLineItems)
    .where(
      and(
        eq(invoiceLineItems.invoiceId, invoiceId),
        sql`${invoiceLineItems.sortOrder} >= ${floor}`,
        consultation ? undefined : sql`${invoiceLineItems.sortOrder} < ${CONSULTATION_SORT_ORDER_START}`,
      ),
    );
  return row?.highest === null || row?.highest === undefined ? floor : Number(row.highest) + 1;
}

/** 'Add Item': a service line after the others. */
export async function addLineItem(actor: Actor, invoiceId: string, input: LineItemInput): Promise<InvoiceLineItem> {
  return db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    const line = { quantity: input.quantity, unitPriceCents: input.unitPrice };
    const [item] = await tx
      .insert(invoiceLineItems)
      .values({
        invoiceId,
        description: input.description,
        ...line,
        totalCents: refusedLineTotal(line),
        itemType: "service",
        sortOrder: await nextLineSortOrder(tx, invoiceId),
      })
      .returning();
    if (!item) throw new Error("The line item was not saved");
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, {
      intent: "add-item",
      summary: "Added a line item",
      details: { lineItemId: item.id, quantity: item.quantity, unitPriceCents: item.unitPriceCents },
    });
    return item;
  });
}

async function lockLine(tx: DatabaseExecutor, invoiceId: string, lineItemId: string): Promise<InvoiceLineItem> {
  const [line] = await tx
    .select()
    .from(invoiceLineItems)
    .where(and(eq(invoiceLineItems.id, lineItemId), eq(invoiceLineItems.invoiceId, invoiceId)))
    .for("update");
  if (!line) throw notFound("Line item not found");
  return line;
}

export async function updateLineItem(actor: Actor, invoiceId: string, lineItemId: string, input: LineItemInput): Promise<void> {
  await db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    await lockLine(tx, invoiceId, lineItemId);
    const line = { quantity: input.quantity, unitPriceCents: input.unitPrice };
    await tx
      .update(invoiceLineItems)
      .set({ description: input.description, ...line, totalCents: refusedLineTotal(line) })
      .where(eq(invoiceLineItems.id, lineItemId));
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, { intent: "update-item", summary: "Changed a line item", details: { lineItemId, ...line } });
  });
}

export async function deleteLineItem(actor: Actor, invoiceId: string, lineItemId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    await lockLine(tx, invoiceId, lineItemId);
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.id, lineItemId));
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, { intent: "delete-item", summary: "Deleted a line item", details: { lineItemId } });
  });
}

/** Reorder: swaps the line with its neighbour above or below. */
export async function moveLineItem(actor: Actor, invoiceId: string, lineItemId: string, direction: "up" | "down"): Promise<void> {
  await db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    const lines = await tx
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, invoiceId))
      .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id));
    const index = lines.findIndex((line) => line.id === lineItemId);
    if (index < 0) throw notFound("Line item not found");
    const other = lines[direction === "up" ? index - 1 : index + 1];
    const line = lines[index];
    if (!other || !line) return;
    // Equal sort orders (old data) would swap to the same values: give them distinct ones first.
    const [a, b] = line.sortOrder === other.sortOrder ? [line.sortOrder + (direction === "up" ? -1 : 1), other.sortOrder] : [other.sortOrder, line.sortOrder];
    await tx.update(invoiceLineItems).set({ sortOrder: a }).where(eq(invoiceLineItems.id, line.id));
    await tx.update(invoiceLineItems).set({ sortOrder: b }).where(eq(invoiceLineItems.id, other.id));
    await recordInvoiceChange(tx, actor, invoice, { intent: "move-item", summary: `Moved a line item ${direction}`, details: { lineItemId, direction } });
  });
}

/** Bulk delete (asked first in the list). Consultations billed on them become billable again (FK set null). */
export async function deleteInvoices(actor: Actor, invoiceIds: readonly string[]): Promise<number> {
  return db().transaction(async (tx) => {
    // A payment is a financial record: an invoice that has one is kept (remove its payments first).
    const [paid] = await tx
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .innerJoin(invoicePayments, eq(invoicePayments.invoiceId, invoices.id))
      .where(inArray(invoices.id, [...invoiceIds]))
      .limit(1);
    if (paid) throw new Refusal(`${paid.invoiceNumber} has payments recorded, so it is kept. Remove its payments first to delete it.`, { status: 409 });
    const deleted = await tx.delete(invoices).where(inArray(invoices.id, [...invoiceIds])).returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
    const [only] = deleted;
    if (deleted.length === 1 && only) {
      await recordInvoiceChange(tx, actor, only, { intent: "delete-invoices", summary: "Deleted an invoice" });
    } else if (deleted.length > 1) {
      await recordAuditEntry(tx, actor, {
        action: "invoice.delete-invoices",
        entityType: "invoice",
        summary: `Deleted ${deleted.length} invoices`,
        details: { ids: deleted.map((row) => row.id) },
      });
    }
    return deleted.length;
  });
}

/** Options for the editor's selects: clients by name and their projects. */
export async function invoiceFormOptions() {
  const [clientRows, projectRows] = await Promise.all([
    db().select({ id: clients.id, name: clients.name, tier: clients.tier }).from(clients).orderBy(asc(clients.name)).limit(1000),
    db()
      .select({ id: projects.id, clientId: projects.clientId, name: projects.name, projectNumber: projects.projectNumber, tier: projects.tier })
      .from(projects)
      .orderBy(desc(projects.createdAt))
      .limit(2000),
  ]);
  return { clients: clientRows, projects: projectRows };
}

/** A project's invoices with their balance (the project's invoices panel), newest first. */
export async function listProjectInvoices(projectId: string): Promise<(Invoice & InvoiceMoney)[]> {
  const rows = await db()
    .select({ invoice: invoices, paidCents: paidSum() })
    .from(invoices)
    .where(eq(invoices.projectId, projectId))
    .orderBy(desc(invoices.createdAt));
  return rows.map((row) => ({ ...row.invoice, paidCents: Number(row.paidCents), balanceCents: balanceCents(row.invoice.totalCents, Number(row.paidCents)) }));
}

/**
 * A client's invoices with their balance and project number (the client page's Invoices tab),
 * newest first: spec 001 counts those billed to the client or to one of its projects.
 */
export async function listClientInvoices(clientId: string, projectIds: readonly string[]): Promise<(Invoice & InvoiceMoney & { projectNumber: string | null })[]> {
  const scope = projectIds.length > 0 ? sql`(${eq(invoices.clientId, clientId)} or ${inArray(invoices.projectId, [...projectIds])})` : eq(invoices.clientId, clientId);
  const rows = await db()
    .select({ invoice: invoices, projectNumber: projects.projectNumber, paidCents: paidSum() })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(scope)
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map((row) => ({
    ...row.invoice,
    projectNumber: row.projectNumber,
    paidCents: Number(row.paidCents),
    balanceCents: balanceCents(row.invoice.totalCents, Number(row.paidCents)),
  }));
}

/** A capability token as this app makes them (32 random bytes, base64url); anything else is not looked up. */
const VIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The client's invoice page: the invoice whose whole token matches, or undefined (a guessed or
 * altered link finds nothing). `recordView` writes the first view's time once ("viewed").
 */
export async function findInvoiceByViewToken(token: string, options: { recordView: boolean; now?: Date }): Promise<InvoiceDetail | undefined> {
  if (!VIEW_TOKEN.test(token)) return undefined;
  const [row] = await db().select({ id: invoices.id, firstViewedAt: invoices.firstViewedAt }).from(invoices).where(eq(invoices.viewToken, token));
  if (!row) return undefined;
  if (options.recordView && !row.firstViewedAt) {
    await db()
      .update(invoices)
      .set({ firstViewedAt: options.now ?? new Date() })
      .where(and(eq(invoices.id, row.id), sql`${invoices.firstViewedAt} is null`));
  }
  return findInvoiceDetail(row.id);
}
