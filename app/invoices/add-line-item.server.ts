import { changeInvoiceLines, type LineChangeOptions } from "./invoice-line-change.server";
import type { LineItemInput } from "./invoice-forms";
import { nextLineSortOrder, refusedLineTotal } from "./invoice-records.server";
import { invoiceLineItems, type InvoiceLineItem } from "./schema";

export type AddLineItemOptions = LineChangeOptions<{ input: LineItemInput }>;

/** 'Add Item': a service line after the others. */
export async function addLineItem({ actor, invoiceId, input }: AddLineItemOptions): Promise<InvoiceLineItem> {
  return changeInvoiceLines(actor, invoiceId, async (tx) => {
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
    return {
      result: item,
      recorded: { intent: "add-item", summary: "Added a line item", details: { lineItemId: item.id, quantity: item.quantity, unitPriceCents: item.unitPriceCents } },
    };
  });
}
