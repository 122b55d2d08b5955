// What every change to an invoice does inside its transaction: lock the invoice (or one of its
// lines), check what it is billed to, keep its totals, write its audit entry. The use cases
// (create-invoice.server.ts, add-line-item.server.ts, ...) are made of these.
import { and, eq, max, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditChangeOf } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { clients, type Client } from "~/clients/schema";
import type { DatabaseExecutor } from "~/db/connection.server";
import { formatCents } from "~/formatting/money";
import { projects, type Project } from "~/projects/schema";
import { notFound, Refusal } from "~/refusal/refusal";
import { CONSULTATION_SORT_ORDER_START } from "./invoice-options";
import { AmountTooLarge, invoiceTotals, lineTotalCents } from "./invoice-totals";
import { invoiceLineItems, invoicePayments, invoices, type Invoice, type InvoiceLineItem } from "./schema";

/**
 * The audit entry of a change to an invoice (decision 020), written in the change's transaction:
 * `invoice.{intent}` about the invoice, named by its number (no person's data in the summary).
 */
export async function recordInvoiceChange(
  tx: DatabaseExecutor,
  actor: Actor,
  invoice: Pick<Invoice, "id" | "invoiceNumber">,
  change: AuditChangeOf<"invoice">,
): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: `invoice.${change.intent}`,
    entityType: "invoice",
    entityId: invoice.id,
    summary: `${change.summary} (${invoice.invoiceNumber})`,
    details: change.details,
  });
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

/** One line of the invoice locked for a change; refused when it is gone or another invoice's. */
export async function lockLineItem(tx: DatabaseExecutor, invoiceId: string, lineItemId: string): Promise<InvoiceLineItem> {
  const [line] = await tx
    .select()
    .from(invoiceLineItems)
    .where(and(eq(invoiceLineItems.id, lineItemId), eq(invoiceLineItems.invoiceId, invoiceId)))
    .for("update");
  if (!line) throw notFound("Line item not found");
  return line;
}

/** The client an invoice is billed to, refused on the form when it is gone. */
export async function requireClient(executor: DatabaseExecutor, clientId: string): Promise<Client> {
  const [client] = await executor.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new Refusal("Choose a client", { field: "clientId" });
  return client;
}

/** The project an invoice is billed for: it must be the invoice's client's. */
export async function requireProjectOfClient(executor: DatabaseExecutor, projectId: string, clientId: string): Promise<Project> {
  const [project] = await executor.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new Refusal("Could not find project", { field: "projectId" });
  if (project.clientId !== clientId) throw new Refusal("This project belongs to another client", { field: "projectId" });
  return project;
}

/** Recomputes subtotal and total from the lines (the one totals module), keeping discount and tax. */
export async function saveInvoiceTotals(tx: DatabaseExecutor, invoice: Pick<Invoice, "id" | "discountCents" | "taxCents">): Promise<void> {
  const lines = await tx.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
  const totals = refusedInvoiceTotals(lines, invoice.discountCents, invoice.taxCents);
  await refuseTotalBelowPaid(tx, invoice.id, totals.totalCents);
  await tx.update(invoices).set({ ...totals, updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
}

/** A total below what the client has already paid would leave a payment unaccounted for. */
export async function refuseTotalBelowPaid(tx: DatabaseExecutor, invoiceId: string, totalCents: number): Promise<void> {
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

/** The invoice's totals, refused (not a database error) when too large or discounted below zero. */
export function refusedInvoiceTotals(lines: readonly { quantity: number; unitPriceCents: number }[], discountCents: number, taxCents: number) {
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
