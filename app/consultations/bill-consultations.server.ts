import type { Actor } from "~/audit/actor";
import { db } from "~/db/connection.server";
import { formatDay } from "~/formatting/dates";
import { Refusal } from "~/refusal/refusal";
import { appendConsultationLines } from "~/invoices/append-consultation-lines.server";
import { lockEditableInvoice } from "~/invoices/invoice-records.server";
import { markConsultationsBilled } from "./consultation-billing.server";

/**
 * 'Add Consultations' (spec 001 §5): the client's completed consultations chosen, billed on the
 * invoice in one transaction: each carries the invoice's id (this domain's rows), and the invoice
 * gets a line for each, oldest first, at `price` (the invoices domain's rows). A consultation
 * billed meanwhile refuses the whole batch. Answers how many were added.
 */
export async function addConsultationsToInvoice({ actor, invoiceId, consultationIds, price }: { actor: Actor; invoiceId: string; consultationIds: string[]; price: number }): Promise<number> {
  if (consultationIds.length === 0) throw new Refusal("Please select at least one consultation", { field: "consultationIds" });
  return db().transaction(async (tx) => {
    const invoice = await lockEditableInvoice(tx, invoiceId);
    const billed = await markConsultationsBilled(tx, { clientId: invoice.clientId, consultationIds: [...new Set(consultationIds)], invoiceId });
    const sorted = [...billed].sort((a, b) => (a.scheduledDate ?? "").localeCompare(b.scheduledDate ?? ""));
    await appendConsultationLines(tx, {
      actor,
      invoice,
      descriptions: sorted.map((consultation) => `Consultation (${consultation.consultType})${consultation.scheduledDate ? ` on ${formatDay(consultation.scheduledDate)}` : ""}`),
      priceCents: price,
      consultationIds: billed.map((consultation) => consultation.id),
    });
    return billed.length;
  });
}
