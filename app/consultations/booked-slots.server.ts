import { inArray } from "drizzle-orm";
import { bookedSlotHolders, releaseSlotsOfBookings, reopenSlots } from "~/availability/availability.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { consultationBookings } from "./schema";

// The slots bookings hold, kept true from this side (availability keeps no foreign key to the
// bookings above it, decision 048).

/** "leads.deleting": the slots their bookings hold open again (the bookings go with the leads). */
export async function releaseSlotsOfLeadsBookings(tx: DatabaseExecutor, leadIds: string[]): Promise<void> {
  const bookings = await tx.select({ id: consultationBookings.id }).from(consultationBookings).where(inArray(consultationBookings.leadId, leadIds));
  await releaseSlotsOfBookings(tx, bookings.map((booking) => booking.id));
}

/**
 * Safety net for any path that removed a booking without releasing its slot: a 'booked' slot that
 * no booking holds any more is open again. Run by the worker.
 */
export async function reopenOrphanedSlots(): Promise<number> {
  const holders = await bookedSlotHolders();
  const heldBy = [...new Set(holders.flatMap((holder) => (holder.bookingId ? [holder.bookingId] : [])))];
  const existing =
    heldBy.length === 0
      ? new Set<string>()
      : new Set((await db().select({ id: consultationBookings.id }).from(consultationBookings).where(inArray(consultationBookings.id, heldBy))).map((row) => row.id));
  const orphaned = holders.filter((holder) => !holder.bookingId || !existing.has(holder.bookingId)).map((holder) => holder.slotId);
  return reopenSlots(db(), orphaned);
}
