import type { ConsultationBookingStatus } from "./schema";

/** What a visitor reads when the time they picked is taken, gone or was never offered. */
export const SLOT_TAKEN = "This time slot is no longer available. Please choose another time.";

/** What a visitor reads on a booking link that is missing, or names no invitation of ours. */
export const INVALID_LINK = "Invalid booking link";
export const LEAD_NOT_FOUND = "Lead not found";

/**
 * The booking's state rules (spec): pending → confirmed when the admin confirms with a meeting
 * link; pending or confirmed → rescheduled when the admin proposes new times (the visitor's pick
 * makes it pending again); confirmed → completed on Mark Completed; any open booking → cancelled.
 * Returns null when allowed, else the sentence the admin reads.
 */
export type BookingAction = "confirm" | "propose" | "complete" | "cancel" | "book";

const ALLOWED: Record<BookingAction, readonly ConsultationBookingStatus[]> = {
  confirm: ["pending"],
  propose: ["pending", "confirmed"],
  complete: ["confirmed"],
  cancel: ["pending", "confirmed", "rescheduled"],
  book: ["pending", "confirmed", "rescheduled"],
};

const REFUSALS: Record<BookingAction, string> = {
  confirm: "Only a pending booking can be confirmed.",
  propose: "New times can only be proposed for a pending or confirmed booking.",
  complete: "Only a confirmed booking can be marked completed.",
  cancel: "This booking is already closed.",
  book: "This booking is closed and can no longer be changed.",
};

export function refusalFor(action: BookingAction, status: ConsultationBookingStatus): string | null {
  return ALLOWED[action].includes(status) ? null : REFUSALS[action];
}

export const BOOKING_STATUS_LABELS: Record<ConsultationBookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  rescheduled: "Rescheduled",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A visitor may reschedule or cancel until `cutoffHours` before the call. */
export function visitorMayChange(start: Date | null, now: Date, cutoffHours: number): boolean {
  if (!start) return true;
  return start.getTime() - now.getTime() > cutoffHours * 3_600_000;
}
