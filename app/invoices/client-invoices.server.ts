import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { recordInvoiceChange } from "./invoice-records.server";
import { invoicePayments, invoices } from "./schema";

// What deleting a client means for its invoices (the clients domain asks; this domain answers and
// deletes, as it alone writes invoices). Every client gets a draft invoice when it is added or
// converted: one that never left the agency is no financial record, so it may go with the client;
// one that was sent, viewed or paid must be kept, and the client is archived instead.

/** An invoice that never left the agency: a draft, never sent nor given its link, with no payment. */
const unsentDraft = and(
  eq(invoices.status, "draft"),
  isNull(invoices.sentAt),
  isNull(invoices.viewToken),
  sql`not exists (select 1 from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoices.id})`,
) as SQL;

export type ClientInvoicesOnDeletion = { unsentDrafts: number; kept: number };

/** How many of the client's invoices would go with it (unsent drafts) and how many must be kept. */
export async function clientInvoicesOnDeletion(clientId: string, executor: DatabaseExecutor = db()): Promise<ClientInvoicesOnDeletion> {
  const [row] = await executor
    .select({
      unsentDrafts: sql<number>`count(*) filter (where ${unsentDraft})::int`,
      all: count(),
    })
    .from(invoices)
    .where(eq(invoices.clientId, clientId));
  const unsentDrafts = Number(row?.unsentDrafts ?? 0);
  return { unsentDrafts, kept: Number(row?.all ?? 0) - unsentDrafts };
}

/**
 * Deletes the client's unsent drafts (their lines with them; consultations billed on them become
 * billable again), inside the client's deletion, and writes each one's audit entry. Call it only
 * when none of the client's invoices must be kept. Returns the numbers of the drafts deleted.
 */
export async function deleteUnsentDraftsOfClient(tx: DatabaseExecutor, actor: Actor, clientId: string): Promise<string[]> {
  const drafts = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), unsentDraft))
    .for("update");
  if (drafts.length === 0) return [];
  const deleted = await tx
    .delete(invoices)
    .where(inArray(invoices.id, drafts.map((draft) => draft.id)))
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
  for (const invoice of deleted) {
    await recordInvoiceChange(tx, actor, invoice, { intent: "delete-invoices", summary: "Deleted an unsent draft with its client", details: { clientId } });
  }
  return deleted.map((invoice) => invoice.invoiceNumber);
}
