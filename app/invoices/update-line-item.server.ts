import { eq } from "drizzle-orm";
import { changeInvoiceLines, type LineChangeOptions } from "./invoice-line-change.server";
import type { LineItemInput } from "./invoice-forms";
import { lockLineItem, refusedLineTotal } from "./invoice-records.server";
import { invoiceLineItems } from "./schema";

export type UpdateLineItemOptions = LineChangeOptions<{ lineItemId: string; input: LineItemInput }>;

/** A line's description, quantity and price changed; the invoice's totals follow. */
export async function updateLineItem({ actor, invoiceId, lineItemId, input }: UpdateLineItemOptions): Promise<void> {
  await changeInvoiceLines(actor, invoiceId, async (tx) => {
    await lockLineItem(tx, invoiceId, lineItemId);
    const line = { quantity: input.quantity, unitPriceCents: input.unitPrice };
    await tx
      .update(invoiceLineItems)
      .set({ description: input.description, ...line, totalCents: refusedLineTotal(line) })
      .where(eq(invoiceLineItems.id, lineItemId));
    return { result: undefined, recorded: { intent: "update-item", summary: "Changed a line item", details: { lineItemId, ...line } } };
  });
}
