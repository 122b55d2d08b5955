import { eq } from "drizzle-orm";
import { localToInstant, PROPOSED_SLOT_MINUTES } from "~/availability/slot-time";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Refusal } from "~/refusal/refusal";
import { describeWhen, enqueueBookingEmail } from "./booking-emails.server";
import { bookingWithLead, recordBookingChange, refuseUnlessAllowed, type BookingChangeOptions } from "./booking-records.server";
import { consultationBookings, type ConsultationBooking } from "./schema";

export type ProposeNewTimesOptions = BookingChangeOptions<{ starts: Date[] }>;

/** Admin proposes new times (30 minutes each); the visitor picks one on their booking page. */
export async function proposeNewTimes({ actor, bookingId, starts, now = new Date() }: ProposeNewTimesOptions): Promise<ConsultationBooking> {
  const valid = starts.filter((start) => !Number.isNaN(start.getTime()));
  if (valid.length === 0) throw new Refusal("Please add at least one time slot", { field: "start" });
  if (valid.some((start) => start <= now)) throw new Refusal("Proposed times must be in the future.", { field: "start" });
  const settings = await getOrganizationSettings();
  // The visitor books a proposed time as a slot of the business's calendar, which lies within one day.
  if (valid.some((start) => dayIn(new Date(start.getTime() + PROPOSED_SLOT_MINUTES * 60_000), settings.timezone) !== dayIn(start, settings.timezone))) {
    throw new Refusal(`A proposed time must end before midnight (${settings.timezone}).`, { field: "start" });
  }
  const proposedSlots = [...new Set(valid.map((start) => start.getTime()))]
    .sort((a, b) => a - b)
    .map((time) => ({ start: new Date(time).toISOString(), end: new Date(time + PROPOSED_SLOT_MINUTES * 60_000).toISOString() }));
  return db().transaction(async (tx) => {
    const { booking, lead } = await bookingWithLead(tx, bookingId, true);
    refuseUnlessAllowed("propose", booking.status);
    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: "rescheduled", proposedSlots, updatedAt: now })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!updated) throw new Error("Failed to propose new time");
    await enqueueBookingEmail(tx, {
      templateKey: "booking_time_change",
      booking: updated,
      lead,
      settings,
      // In the zone the visitor booked in, when they have: the times they will pick from on their page.
      variables: { ProposedTimes: proposedSlots.map((slot) => `• ${describeWhen(new Date(slot.start), updated.visitorTimeZone ?? settings.timezone)}`).join("\n") },
    });
    await recordBookingChange(tx, actor, updated, {
      intent: "propose",
      summary: `Proposed ${proposedSlots.length} new time(s) for a booking`,
      details: { status: { from: booking.status, to: updated.status }, proposed: proposedSlots.map((slot) => slot.start) },
    });
    return updated;
  });
}

export type ProposeLocalTimesOptions = Omit<ProposeNewTimesOptions, "starts"> & {
  /** Business-local starts as the admin types them: `yyyy-MM-ddTHH:mm` in the business zone. */
  localStarts: string[];
};

/** Propose New Time as the admin types it: business-local starts, read in the business zone. */
export async function proposeLocalTimes({ localStarts, ...options }: ProposeLocalTimesOptions): Promise<ConsultationBooking> {
  const { timezone } = await getOrganizationSettings();
  const starts = localStarts
    .map((value) => localToInstant(value.slice(0, 10), value.slice(11, 16), timezone))
    .filter((instant): instant is Date => instant !== null);
  return proposeNewTimes({ ...options, starts });
}
