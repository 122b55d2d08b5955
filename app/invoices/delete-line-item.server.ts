import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { lockEditableInvoice, lockLineItem, recordInvoiceChange, saveInvoiceTotals } from "./invoice-records.server";
import { invoiceLineItems } from "./schema";

export type DeleteLineItemOptions = {
  actor: Actor;
  invoiceId: string;
  lineItemId: string;
};

/** A line removed; the invoice's totals follow. */
export async function deleteLineItem({ actor, invoiceId, lineItemId }: DeleteLineItemOptions): Promise<void> {
  await db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    await lockLineItem(tx, invoiceId, lineItemId);
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.id, lineItemId));
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, { intent: "delete-item", summary: "Deleted a line item", details: { lineItemId } });
  });
}
