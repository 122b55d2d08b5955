import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { Refusal } from "~/refusal/refusal";
import { consultations, type Consultation } from "./schema";

// Billing consultations on an invoice (spec 001 §5 "Add consultations to invoice"): the invoices
// domain asks for what can be billed and hands back the ids it billed; this domain writes its rows.

/** A client's completed consultations not yet on an invoice, oldest first. */
export async function listBillableConsultations(clientId: string, executor: DatabaseExecutor = db()): Promise<Consultation[]> {
  return executor
    .select()
    .from(consultations)
    .where(and(eq(consultations.clientId, clientId), eq(consultations.status, "completed"), isNull(consultations.invoiceId)))
    .orderBy(asc(consultations.scheduledDate), asc(consultations.id));
}

/**
 * Marks the consultations billed on `invoiceId`, inside the caller's transaction. One conditional
 * update: a consultation billed meanwhile (another invoice, another admin) refuses the whole batch.
 */
export async function markConsultationsBilled(
  tx: DatabaseExecutor,
  input: { clientId: string; consultationIds: readonly string[]; invoiceId: string },
): Promise<Consultation[]> {
  const billed = await tx
    .update(consultations)
    .set({ invoiceId: input.invoiceId, updatedAt: new Date() })
    .where(
      and(
        inArray(consultations.id, [...input.consultationIds]),
        eq(consultations.clientId, input.clientId),
        eq(consultations.status, "completed"),
        isNull(consultations.invoiceId),
      ),
    )
    .returning();
  if (billed.length !== input.consultationIds.length) {
    throw new Refusal("Failed to add consultations to invoice: one of them was billed or changed meanwhile. Please reload.", { status: 409 });
  }
  return billed;
}
