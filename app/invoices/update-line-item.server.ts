import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import type { LineItemInput } from "./invoice-forms";
import { lockEditableInvoice, lockLineItem, recordInvoiceChange, refusedLineTotal, saveInvoiceTotals } from "./invoice-records.server";
import { invoiceLineItems } from "./schema";

export type UpdateLineItemOptions = {
  actor: Actor;
  invoiceId: string;
  lineItemId: string;
  input: LineItemInput;
};

/** A line's description, quantity and price changed; the invoice's totals follow. */
export async function updateLineItem({ actor, invoiceId, lineItemId, input }: UpdateLineItemOptions): Promise<void> {
  await db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    await lockLineItem(tx, invoiceId, lineItemId);
    const line = { quantity: input.quantity, unitPriceCents: input.unitPrice };
    await tx
      .update(invoiceLineItems)
      .set({ description: input.description, ...line, totalCents: refusedLineTotal(line) })
      .where(eq(invoiceLineItems.id, lineItemId));
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, { intent: "update-item", summary: "Changed a line item", details: { lineItemId, ...line } });
  });
}
