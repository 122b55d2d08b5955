import { eq } from "drizzle-orm";
import { changeInvoiceLines, type LineChangeOptions } from "./invoice-line-change.server";
import { lockLineItem } from "./invoice-records.server";
import { invoiceLineItems } from "./schema";

export type DeleteLineItemOptions = LineChangeOptions<{ lineItemId: string }>;

/** A line removed; the invoice's totals follow. */
export async function deleteLineItem({ actor, invoiceId, lineItemId }: DeleteLineItemOptions): Promise<void> {
  await changeInvoiceLines(actor, invoiceId, async (tx) => {
    await lockLineItem(tx, invoiceId, lineItemId);
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.id, lineItemId));
    return { result: undefined, recorded: { intent: "delete-item", summary: "Deleted a line item", details: { lineItemId } } };
  });
}
