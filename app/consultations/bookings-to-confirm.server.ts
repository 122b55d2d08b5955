import { and, asc, count, eq, gt } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { consultationBookings } from "./schema";

export type BookingToConfirm = {
  id: string;
  status: "pending";
  lead: { id: string; name: string };
  selectedStart: Date;
  meetingLink: string | null;
};

/**
 * The dashboard's "bookings waiting for 'Confirm'" (decision 050): the calls a lead or client
 * booked that the agency has not confirmed yet, soonest first, and how many there are. A booking
 * whose time has passed is no longer waiting for a meeting link.
 */
export async function bookingsToConfirm(limit: number, now = new Date()): Promise<{ bookings: BookingToConfirm[]; total: number }> {
  const waiting = and(eq(consultationBookings.status, "pending"), gt(consultationBookings.selectedStart, now));
  const [rows, [counted]] = await Promise.all([
    db()
      .select({ id: consultationBookings.id, selectedStart: consultationBookings.selectedStart, meetingLink: consultationBookings.meetingLink, lead: { id: leads.id, name: leads.name } })
      .from(consultationBookings)
      .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
      .where(waiting)
      .orderBy(asc(consultationBookings.selectedStart), asc(consultationBookings.id))
      .limit(limit),
    db().select({ total: count() }).from(consultationBookings).where(waiting),
  ]);
  return {
    bookings: rows.flatMap((row) => (row.selectedStart ? [{ ...row, status: "pending" as const, selectedStart: row.selectedStart }] : [])),
    total: Number(counted?.total ?? 0),
  };
}
