import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { eq } from "drizzle-orm";
import { claimSlot, findOfferableSlot, releaseSlotOfBooking, slotAtTime } from "~/availability/availability.server";
import { parseSlotKey } from "~/availability/offered-days";
import { slotInstants } from "~/availability/slot-time";
import type { DatabaseExecutor } from "~/db/connection.server";
import { publish } from "~/events/domain-events";
import { dayIn } from "~/formatting/dates";
import { validTimeZone } from "~/formatting/time-zones";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { recordLeadEvent } from "~/leads/lead-timeline.server";
import type { OrganizationSettings } from "~/organization/schema";
import { Refusal } from "~/refusal/refusal";
import { enqueueBookingEmail, type BookingLead } from "./booking-emails.server";
import { refusalFor, SLOT_TAKEN, visitorMayChange } from "./booking-status";
import { consultationBookings, type ConsultationBooking } from "./schema";

/** The time a visitor picks on a booking page. */
export type BookingTimeChoice = {
  /** An offered time, by its slot key (`{day}/{minute}` in the business zone, offered-days.ts)… */
  slotKey?: string;
  /** …or one of the times the agency proposed (ISO instant). */
  proposedStart?: string;
  /** The zone the visitor saw the times in (their browser's, or one they chose), to write their e-mails in. */
  visitorTimeZone?: string;
};

export type BookInvitationOptions = {
  invitation: { booking: ConsultationBooking; lead: BookingLead };
  choice: BookingTimeChoice;
  settings: OrganizationSettings;
  now: Date;
};

const slotTaken = () => new Refusal(SLOT_TAKEN, { status: 409, code: "booking.slot-taken" });

/** The open slot a choice names (an offered time, or a time the agency proposed), or SLOT_TAKEN. */
async function slotOfChoice(tx: DatabaseExecutor, booking: ConsultationBooking, choice: BookingTimeChoice, zone: string, now: Date): Promise<string> {
  if (choice.proposedStart) {
    const proposal = booking.proposedSlots.find((slot) => new Date(slot.start).getTime() === new Date(choice.proposedStart ?? "").getTime());
    if (booking.status !== "rescheduled" || !proposal || new Date(proposal.start) <= now) throw slotTaken();
    const start = new TZDate(new Date(proposal.start), zone);
    const end = new TZDate(new Date(proposal.end), zone);
    const local = { date: dayIn(start, zone), startTime: format(start, "HH:mm:ss"), endTime: format(end, "HH:mm:ss") };
    // A slot lies within one day; a time proposed across midnight (refused since) cannot become one.
    if (local.endTime <= local.startTime) throw slotTaken();
    const id = await slotAtTime(tx, local);
    if (!id) throw slotTaken();
    return id;
  }
  if (!choice.slotKey) throw new Refusal("Please select a time.", { field: "slot" });
  // An altered key names no slot: as for a time taken meanwhile, the visitor is asked to choose another.
  const key = parseSlotKey(choice.slotKey);
  if (!key) throw slotTaken();
  const lastDate = booking.windowEndsOn ?? dayIn(now, zone);
  const candidate = await findOfferableSlot(tx, key, { now, lastDate, timeZone: zone });
  if (!candidate) throw slotTaken();
  return candidate.id;
}

/**
 * Books (or re-books) an invitation's time, inside the caller's transaction, for an invitation the
 * caller has locked (or just made: a client booking from the client portal). The booking page's
 * rules hold whoever books: the status, the cut-off before the call, the offered or proposed time,
 * the same e-mails. Free the slot it held, claim the new one with one conditional update
 * (availability's `claimSlot`): of two visitors racing for a slot the second finds it no longer
 * open and gets SLOT_TAKEN, and the unique index on booking_id keeps one invitation from ever
 * holding two slots.
 */
export async function bookInvitation(tx: DatabaseExecutor, { invitation, choice, settings, now }: BookInvitationOptions): Promise<ConsultationBooking> {
  const { booking, lead } = invitation;
  const zone = settings.timezone;
  const refusal = refusalFor("book", booking.status);
  if (refusal) throw new Refusal(refusal, { status: 409 });
  if (!visitorMayChange(booking.selectedStart, now, settings.bookingCancelCutoffHours)) {
    throw new Refusal(
      `Your consultation can no longer be changed online (less than ${settings.bookingCancelCutoffHours} hours to go). Please reply to your confirmation e-mail.`,
      { status: 409 },
    );
  }
  const slotId = await slotOfChoice(tx, booking, choice, zone, now);

  const previousStart = booking.selectedStart;
  await releaseSlotOfBooking(tx, booking.id);
  const claimed = await claimSlot(tx, slotId, booking.id);
  if (!claimed) throw slotTaken();
  const instants = slotInstants(claimed, zone);
  if (!instants) throw slotTaken();
  const [updated] = await tx
    .update(consultationBookings)
    .set({
      status: "pending",
      selectedSlotId: claimed.id,
      selectedStart: instants.start,
      selectedEnd: instants.end,
      // The zone the visitor saw this time in: every e-mail about it to them is written in it.
      visitorTimeZone: validTimeZone(choice.visitorTimeZone) ?? booking.visitorTimeZone,
      proposedSlots: [],
      reminderSentAt: null,
      icsSequence: previousStart ? booking.icsSequence + 1 : booking.icsSequence,
      updatedAt: now,
    })
    .where(eq(consultationBookings.id, booking.id))
    .returning();
  if (!updated) throw new Error("Failed to confirm booking");
  await setLeadBookingStatus(tx, lead.id, "booked");
  await publish(tx, "lead.booked", { leadId: lead.id, bookingId: updated.id, now });
  await recordLeadEvent(tx, {
    leadId: lead.id,
    event: "booked",
    data: { bookingId: updated.id, start: instants.start.toISOString(), rescheduled: Boolean(previousStart) },
  });
  const templateKey = previousStart ? "booking_rescheduled" : "booking_received";
  await enqueueBookingEmail(tx, { templateKey, booking: updated, lead, settings, calendar: "REQUEST" });
  await enqueueBookingEmail(tx, { templateKey: "booking_agency_notification", booking: updated, lead, settings, calendar: "REQUEST", to: "agency" });
  return updated;
}
