import type { FirstInvoice } from "~/clients/events";
import type { DatabaseExecutor } from "~/db/connection.server";
import type { DomainEvents } from "~/events/domain-events";
import { Refusal } from "~/refusal/refusal";
import type { TierId } from "~/organization/tier-catalog";
import { clientInvoicesOnDeletion, deleteUnsentDraftsOfClient } from "./client-invoices.server";
import { createDraftInvoice } from "./draft-invoice.server";

// What a new or departing client means for invoices, as this domain answers the clients domain's
// events (decision 048): a new client's first draft invoice, and a deleted client's invoices.

async function draftFirstInvoice(tx: DatabaseExecutor, request: { clientId: string; tier: TierId; activePromoCode: string | null }): Promise<FirstInvoice> {
  const invoice = await createDraftInvoice(tx, request);
  return {
    id: invoice.id,
    clientId: invoice.clientId,
    invoiceNumber: invoice.invoiceNumber,
    status: "draft",
    tier: request.tier,
    subtotalCents: invoice.subtotalCents,
    totalCents: invoice.totalCents,
    promoCode: invoice.promoCode,
    promoApplied: invoice.promoApplied,
  };
}

/** "client.added": the client's first draft invoice, at the tier's price (a client added by hand holds no promo). */
export async function draftInvoiceOfAddedClient(tx: DatabaseExecutor, event: DomainEvents["client.added"]): Promise<void> {
  event.firstInvoice.value = await draftFirstInvoice(tx, { clientId: event.client.id, tier: event.tier, activePromoCode: null });
}

/** "lead.converted": the client's first draft invoice, at the promo price when the lead holds an active promo. */
export async function draftInvoiceOfConvertedLead(tx: DatabaseExecutor, event: DomainEvents["lead.converted"]): Promise<void> {
  event.firstInvoice.value = await draftFirstInvoice(tx, { clientId: event.client.id, tier: event.tier, activePromoCode: event.activePromoCode });
}

/**
 * "client.deleting": a client with an invoice that was sent, viewed or paid is refused (a financial
 * record; the foreign key refuses too), and the page offers Archive instead; otherwise its unsent
 * drafts go with it, and their numbers are the answer.
 */
export async function invoicesOfDeletedClient(tx: DatabaseExecutor, event: DomainEvents["client.deleting"]): Promise<void> {
  const { kept } = await clientInvoicesOnDeletion(event.client.id, tx);
  if (kept > 0) {
    throw new Refusal(`${event.client.name} has ${kept} sent or paid invoice(s), which must be kept. Archive the client instead.`, {
      status: 409,
      code: "client.invoices-kept",
      title: event.refusalTitle,
    });
  }
  event.deletedDrafts.value = await deleteUnsentDraftsOfClient(tx, event.actor, event.client.id);
}
