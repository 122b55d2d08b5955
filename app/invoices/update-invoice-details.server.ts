import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { markPromoUsed } from "~/leads/lead-conversion-steps.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { recordReferralCommission } from "~/referrals/referrals.server";
import { notFound, Refusal } from "~/refusal/refusal";
import { findClientLeadPromo } from "./client-promo.server";
import type { InvoiceDetailsInput } from "./invoice-forms";
import type { InvoiceStatus } from "./invoice-options";
import {
  lockEditableInvoice,
  recordInvoiceChange,
  refusedInvoiceTotals,
  refuseTotalBelowPaid,
  requireClient,
  requireProjectOfClient,
} from "./invoice-records.server";
import { invoiceLineItems, invoices, type Invoice } from "./schema";

export type UpdateInvoiceDetailsOptions = {
  actor: Actor;
  invoiceId: string;
  input: InvoiceDetailsInput;
  now?: Date;
};

/** The status a paid flag implies when an admin picks it: paid sets the paid date, others clear it. */
function paidDateFor(status: InvoiceStatus, current: Invoice, today: string): string | null {
  if (status !== "paid") return null;
  return current.paidDate ?? today;
}

/** 'Save Changes': details, discount and tax, totals recomputed; a lead's promo code applied is marked used. */
export async function updateInvoiceDetails({ actor, invoiceId, input, now = new Date() }: UpdateInvoiceDetailsOptions): Promise<Invoice> {
  const settings = await getOrganizationSettings();
  return db().transaction(async (tx) => {
    const current = await lockEditableInvoice(tx, invoiceId);
    const client = await requireClient(tx, input.clientId);
    if (input.projectId) await requireProjectOfClient(tx, input.projectId, input.clientId);
    const lines = await tx.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId));
    const totals = refusedInvoiceTotals(lines, input.discount, input.tax);
    await refuseTotalBelowPaid(tx, invoiceId, totals.totalCents);
    // The client holds a link to this invoice: it stays theirs (bill another client on a new invoice).
    if (current.sentAt && input.clientId !== current.clientId) {
      throw new Refusal("This invoice was sent to its client, so it stays theirs. Create a new invoice for another client.", { field: "clientId" });
    }
    if (input.promoCode && input.promoCode !== current.promoCode) {
      const promo = await findClientLeadPromo(tx, client, invoiceId, now);
      if (!promo || promo.code !== input.promoCode) {
        throw new Refusal("This promo code is not this client's", { field: "promoCode" });
      }
      if (!promo.applicable) throw new Refusal("This promo code is no longer active", { field: "promoCode" });
      if (promo.leadId) await markPromoUsed(tx, promo.leadId, promo.code);
    }
    const [updated] = await tx
      .update(invoices)
      .set({
        clientId: input.clientId,
        projectId: input.projectId,
        tier: input.tier,
        status: input.status,
        dueDate: input.dueDate,
        paidDate: paidDateFor(input.status, current, dayIn(now, settings.timezone)),
        paymentMethod: input.paymentMethod,
        notes: input.notes,
        promoCode: input.promoCode,
        ...totals,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (!updated) throw notFound("Invoice not found");
    if (updated.status === "paid" && current.status !== "paid") {
      await recordReferralCommission(tx, { clientId: updated.clientId, invoiceTotalCents: updated.totalCents });
    }
    await recordInvoiceChange(tx, actor, updated, {
      intent: "save-details",
      summary: current.status === updated.status ? "Saved an invoice's details" : `Saved an invoice's details, status ${current.status} to ${updated.status}`,
      details: {
        clientId: updated.clientId,
        projectId: updated.projectId,
        status: { from: current.status, to: updated.status },
        totalCents: updated.totalCents,
        promoApplied: Boolean(updated.promoCode && updated.promoCode !== current.promoCode),
      },
    });
    return updated;
  });
}
