import { asc, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { notFound } from "~/refusal/refusal";
import type { LineChangeOptions } from "./invoice-line-change.server";
import { lockEditableInvoice, recordInvoiceChange } from "./invoice-records.server";
import { invoiceLineItems } from "./schema";

export type MoveLineItemOptions = LineChangeOptions<{ lineItemId: string; direction: "up" | "down" }>;

/** Reorder: swaps the line with its neighbour above or below. */
export async function moveLineItem({ actor, invoiceId, lineItemId, direction }: MoveLineItemOptions): Promise<void> {
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
