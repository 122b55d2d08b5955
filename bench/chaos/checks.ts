// The checks of the failure test (bench/chaos/run.ts), once the stream has ended: waiting for the
// e-mail to arrive, then what was lost, delivered twice or never, and slots booked twice.
// `faultAt`: when the fault struck (a process killed, or the database restarted).
import { and, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { consultationBookings } from "~/consultations/schema";
import { queryRows, type DatabaseHandle } from "~/db/connection.server";
import { LEASE_MS } from "~/email/outbox-claims.server";
import { emailOutbox } from "~/email/schema";
import { leads } from "~/leads/schema";
import { outboxIdOf, type Arrival } from "../support/mail-receiver";
import type { Submission } from "./submissions";

/** At most this long after the fault for every e-mail to arrive (the bound). */
export const DELIVERY_BOUND_MS = 120_000;
/** Embedded: the outbox cannot be read while the app holds it, so delivery is over once no mail came for this long. */
const QUIET_MS = 5_000;

export async function waitForOutbox(handle: DatabaseHandle, faultAt: number): Promise<void> {
  while (Date.now() < faultAt + DELIVERY_BOUND_MS + 30_000) {
    const [row] = await queryRows<{ waiting: number }>(handle.db, sql`select count(*)::int as waiting from ${emailOutbox} where status in ('pending', 'sending')`);
    if (row?.waiting === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function waitForQuiet(arrivals: Arrival[], faultAt: number, recoveredAt: number, leaseMs = LEASE_MS): Promise<void> {
  // Mail a killed process held is taken over once its lease has run out and a process runs again.
  const earliest = Math.max(faultAt + leaseMs, recoveredAt) + QUIET_MS;
  for (;;) {
    const last = arrivals.at(-1)?.at ?? 0;
    const now = Date.now();
    if ((now >= earliest && now - last >= QUIET_MS) || now > faultAt + DELIVERY_BOUND_MS + 30_000) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function countLost(handle: DatabaseHandle, submissions: Submission[]): Promise<number> {
  const accepted = submissions.filter((s) => s.outcome === "accepted");
  const emails = accepted.filter((s) => s.kind !== "booking").map((s) => s.key);
  const found = emails.length === 0 ? [] : await handle.db.select({ email: leads.email }).from(leads).where(inArray(leads.email, emails));
  const saved = new Set(found.map((row) => row.email));
  const bookings = accepted.filter((s) => s.kind === "booking");
  const booked = bookings.length === 0 ? [] : await handle.db.select().from(consultationBookings).where(inArray(consultationBookings.bookingToken, bookings.map((s) => s.key)));
  const bookedSlot = new Map(booked.filter((row) => row.status !== "cancelled").map((row) => [row.bookingToken, row.selectedSlotId]));
  return emails.filter((email) => !saved.has(email)).length + bookings.filter((s) => bookedSlot.get(s.key) !== s.slotId).length;
}

export async function deliveryFigures(handle: DatabaseHandle, arrivals: Arrival[], faultAt: number) {
  const rows = await handle.db.select({ id: emailOutbox.id, createdAt: emailOutbox.createdAt, attempts: emailOutbox.attempts }).from(emailOutbox);
  const arrived = new Map<string, Arrival[]>();
  for (const arrival of arrivals) {
    const id = outboxIdOf(arrival.messageId);
    arrived.set(id, [...(arrived.get(id) ?? []), arrival]);
  }
  let maxDelay = 0;
  let maxDelivery = 0;
  for (const row of rows) {
    const first = arrived.get(row.id)?.[0];
    if (first) maxDelivery = Math.max(maxDelivery, first.at - row.createdAt.getTime());
    if (first && faultAt && row.createdAt.getTime() < faultAt && first.at > faultAt) maxDelay = Math.max(maxDelay, first.at - faultAt);
  }
  return {
    emails: rows.length,
    takenOver: rows.filter((row) => row.attempts > 1).length,
    duplicated: rows.filter((row) => (arrived.get(row.id)?.length ?? 0) > 1).length,
    undelivered: rows.filter((row) => !arrived.has(row.id)).length,
    maxDeliveryDelayAfterFaultMs: maxDelay,
    /** The longest any message took from its queueing to its first arrival. */
    maxDeliveryMs: maxDelivery,
  };
}

export async function countDoubleBooked(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.db
    .select({ slotId: consultationBookings.selectedSlotId, bookings: sql<number>`count(*)::int` })
    .from(consultationBookings)
    .where(and(isNotNull(consultationBookings.selectedSlotId), ne(consultationBookings.status, "cancelled")))
    .groupBy(consultationBookings.selectedSlotId);
  return rows.filter((row) => row.bookings > 1).length + (await slotsHeldTwice(handle));
}

/** A slot row names one booking; a booking whose slot names another booking holds it twice over. */
async function slotsHeldTwice(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ crossed: number }>(
    handle.db,
    sql`select count(*)::int as crossed from ${consultationBookings} b join availability_slots s on s.id = b.selected_slot_id
        where b.status <> 'cancelled' and s.booking_id is distinct from b.id`,
  );
  return row?.crossed ?? 0;
}
