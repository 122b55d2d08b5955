import type { Actor } from "~/audit/actor";
import type { DatabaseExecutor } from "~/db/connection.server";
import { nextLineSortOrder, recordInvoiceChange, saveInvoiceTotals } from "./invoice-records.server";
import { invoiceLineItems, type Invoice } from "./schema";

/**
 * 'Add Consultations' as this domain writes it (the consultations domain bills them, decision 048):
 * one line each, after the invoice's other lines from sort order 1000, at `priceCents`; the totals
 * saved and the change recorded, in the caller's transaction on an invoice it locked as editable.
 */
export async function appendConsultationLines(
  tx: DatabaseExecutor,
  { actor, invoice, descriptions, priceCents, consultationIds }: { actor: Actor; invoice: Invoice; descriptions: string[]; priceCents: number; consultationIds: string[] },
): Promise<void> {
  let sortOrder = await nextLineSortOrder(tx, invoice.id, true);
  await tx.insert(invoiceLineItems).values(
    descriptions.map((description) => ({
      invoiceId: invoice.id,
      description,
      quantity: 1,
      unitPriceCents: priceCents,
      totalCents: priceCents,
      itemType: "consultation" as const,
      sortOrder: sortOrder++,
    })),
  );
  await saveInvoiceTotals(tx, invoice);
  await recordInvoiceChange(tx, actor, invoice, {
    intent: "add-consultations",
    summary: `Added ${descriptions.length} consultation(s) to an invoice`,
    details: { consultationIds, priceCents },
  });
}
