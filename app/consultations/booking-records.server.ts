import { eq } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditChangeOf } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import type { DatabaseExecutor } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { notFound, Refusal } from "~/refusal/refusal";
import { refusalFor, type BookingAction } from "./booking-status";
import { consultationBookings, type ConsultationBooking, type ConsultationBookingStatus } from "./schema";

/**
 * What every change to an invitation or its booking shares. The consultations domain alone owns
 * consultation_bookings; slots belong to app/availability and a lead's booking status and
 * timeline to app/leads, changed only through their services inside the caller's transaction
 * (`tx`), so a booking and its slot commit or roll back together.
 */

/** An admin's change to one booking (confirm, propose, complete, cancel), with what the change itself needs. */
export type BookingChangeOptions<Change = object> = { actor: Actor; bookingId: string; now?: Date } & Change;

/**
 * The audit entry of an admin's change to an invitation or its booking (decision 020), in the
 * change's transaction: `booking.{intent}` about the booking; the lead by id only.
 */
export async function recordBookingChange(
  tx: DatabaseExecutor,
  actor: Actor,
  booking: Pick<ConsultationBooking, "id" | "leadId">,
  change: AuditChangeOf<"booking", "leadId">,
): Promise<void> {
  await recordAuditEntry(tx, actor, {
    action: `booking.${change.intent}`,
    entityType: "booking",
    entityId: booking.id,
    summary: change.summary,
    details: { leadId: booking.leadId, ...change.details },
  });
}

/** A booking with the lead it invites; `lock` holds the booking row until the transaction ends. */
export async function bookingWithLead(tx: DatabaseExecutor, bookingId: string, lock = false) {
  const query = tx
    .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email } })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(eq(consultationBookings.id, bookingId));
  const [row] = lock ? await query.for("update", { of: consultationBookings }) : await query;
  if (!row) throw notFound("This booking no longer exists.");
  return row;
}

/** Refuses an action the booking's status does not allow, with the sentence the admin reads. */
export function refuseUnlessAllowed(action: BookingAction, status: ConsultationBookingStatus): void {
  const refusal = refusalFor(action, status);
  if (refusal) throw new Refusal(refusal, { status: 409 });
}
