import { CONSULTATION_FILTERS } from "./consultation-forms";
import type { ConsultationBookingStatus, ConsultationStatus } from "./schema";

/**
 * The rules of the Consultations & Bookings overview, pure: which consultations and which
 * bookings a status filter shows, and the three tiles. The filter mixes both kinds of record:
 * 'scheduled' is only a consultation status, 'pending' and 'confirmed' only booking statuses,
 * 'completed' and 'cancelled' both.
 */
export type ConsultationFilter = (typeof CONSULTATION_FILTERS)[number];

export function readConsultationFilter(value: string | null): ConsultationFilter {
  return (CONSULTATION_FILTERS as readonly string[]).includes(value ?? "") ? (value as ConsultationFilter) : "all";
}

const CONSULTATION_SIDE: readonly string[] = ["scheduled", "completed", "cancelled"] satisfies ConsultationStatus[];
const BOOKING_SIDE: readonly string[] = ["pending", "confirmed", "completed", "cancelled"] satisfies ConsultationBookingStatus[];

/** What to list for a filter: null lists every status; `false` lists none of that kind. */
export function overviewQuery(filter: ConsultationFilter): {
  consultations: ConsultationStatus | null | false;
  bookings: ConsultationBookingStatus | "all" | false;
} {
  if (filter === "all") return { consultations: null, bookings: "all" };
  return {
    consultations: CONSULTATION_SIDE.includes(filter) ? (filter as ConsultationStatus) : false,
    bookings: BOOKING_SIDE.includes(filter) ? (filter as ConsultationBookingStatus) : false,
  };
}

/** Total, completed and upcoming (a scheduled consultation, or an open booking whose time is still ahead). */
export function overviewTiles(
  consultations: readonly { status: string }[],
  bookings: readonly { status: ConsultationBookingStatus; selectedStart: Date | null }[],
  now: Date,
): { total: number; completed: number; upcoming: number } {
  const isOpen = (status: ConsultationBookingStatus) => status === "pending" || status === "confirmed";
  return {
    total: consultations.length + bookings.length,
    completed: consultations.filter((row) => row.status === "completed").length + bookings.filter((row) => row.status === "completed").length,
    upcoming:
      consultations.filter((row) => row.status === "scheduled").length +
      bookings.filter((row) => isOpen(row.status) && row.selectedStart !== null && row.selectedStart.getTime() > now.getTime()).length,
  };
}
