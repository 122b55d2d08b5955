import { eq, inArray } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { recordInvoiceChange } from "./invoice-records.server";
import { invoicePayments, invoices } from "./schema";

export type DeleteInvoicesOptions = {
  actor: Actor;
  invoiceIds: readonly string[];
};

/** Bulk delete (asked first in the list). Consultations billed on them become billable again (FK set null). */
export async function deleteInvoices({ actor, invoiceIds }: DeleteInvoicesOptions): Promise<number> {
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
