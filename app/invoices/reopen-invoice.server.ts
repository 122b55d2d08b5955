import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { lockInvoice, recordInvoiceChange } from "./invoice-records.server";
import { invoices, type Invoice } from "./schema";

export type ReopenInvoiceOptions = {
  actor: Actor;
  invoiceId: string;
};

/** Reopens a paid invoice for edits: back to sent (or draft if it was never sent); its payments stay. */
export async function reopenInvoice({ actor, invoiceId }: ReopenInvoiceOptions): Promise<Invoice> {
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
