import type { Actor } from "~/audit/actor";
import type { AuditChangeOf } from "~/audit/audit-actions";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { lockEditableInvoice, recordInvoiceChange, saveInvoiceTotals } from "./invoice-records.server";

/** Who changes which invoice's lines, with what the change itself needs (a line, its new values, a direction). */
export type LineChangeOptions<Change> = { actor: Actor; invoiceId: string } & Change;

/** What a change of the lines gives back, and how the audit log names it. */
export type LineChangeOutcome<Result> = { result: Result; recorded: AuditChangeOf<"invoice"> };

/**
 * A line added, changed or deleted, in one transaction: the invoice locked (refused when paid), the
 * lines changed, its totals recomputed from them, then the change recorded.
 */
export async function changeInvoiceLines<Result>(
  actor: Actor,
  invoiceId: string,
  change: (tx: DatabaseExecutor) => Promise<LineChangeOutcome<Result>>,
): Promise<Result> {
  return db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    const { result, recorded } = await change(tx);
    await saveInvoiceTotals(tx, invoice);
    await recordInvoiceChange(tx, actor, invoice, recorded);
    return result;
  });
}
