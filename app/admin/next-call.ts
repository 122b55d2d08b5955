import { localToInstant } from "~/availability/slot-time";

/**
 * The client's next call (decision 050: the client's page puts it first, with their projects and
 * invoices): the soonest of their booked discovery calls still on and their scheduled
 * consultations, from now on. Pure, so the page and its test read one rule.
 */
export type CallBooking = { id: string; status: string; selectedStart: Date | string | null; meetingLink: string | null };
export type CallConsultation = { id: string; status: string; consultType: string; scheduledDate: string | null; scheduledStartTime: string | null; meetingLink: string | null };

export type NextCall = { kind: "booking" | "consultation"; id: string; start: Date; title: string; status: string; meetingLink: string | null };

const OPEN_BOOKING = new Set(["pending", "confirmed"]);

export function nextCallOf(bookings: readonly CallBooking[], consultations: readonly CallConsultation[], now: Date, timeZone: string): NextCall | null {
  const calls: NextCall[] = [];
  for (const booking of bookings) {
    if (!booking.selectedStart || !OPEN_BOOKING.has(booking.status)) continue;
    const start = new Date(booking.selectedStart);
    if (start > now) calls.push({ kind: "booking", id: booking.id, start, title: "Discovery call", status: booking.status, meetingLink: booking.meetingLink });
  }
  for (const consultation of consultations) {
    if (consultation.status !== "scheduled" || !consultation.scheduledDate) continue;
    const start = localToInstant(consultation.scheduledDate, (consultation.scheduledStartTime ?? "09:00").slice(0, 5), timeZone);
    if (start && start > now) {
      const title = consultation.consultType === "initial" ? "Initial consultation" : "Follow-up consultation";
      calls.push({ kind: "consultation", id: consultation.id, start, title, status: consultation.status, meetingLink: consultation.meetingLink });
    }
  }
  calls.sort((a, b) => a.start.getTime() - b.start.getTime());
  return calls[0] ?? null;
}
