import type { ConsultationBookingStatus, ConsultationStatus } from "./schema";

/**
 * The rules of the Consultations & Bookings overview, pure: which consultations and which
 * bookings a status filter shows, and the three tiles. The filter mixes both kinds of record:
 * 'scheduled' is only a consultation status, 'pending' and 'confirmed' only booking statuses,
 * 'completed' and 'cancelled' both.
 */
export const CONSULTATION_FILTERS = ["scheduled", "completed", "cancelled", "pending", "confirmed"] as const;
export type ConsultationFilter = (typeof CONSULTATION_FILTERS)[number];

const CONSULTATION_SIDE: readonly string[] = ["scheduled", "completed", "cancelled"] satisfies ConsultationStatus[];
const BOOKING_SIDE: readonly string[] = ["pending", "confirmed", "completed", "cancelled"] satisfies ConsultationBookingStatus[];

/** What to list for a filter (null: all): a status, null for every status, `false` for none of that kind. */
export function overviewQuery(filter: ConsultationFilter | null): {
  consultations: ConsultationStatus | null | false;
  bookings: ConsultationBookingStatus | null | false;
} {
  if (filter === null) return { consultations: null, bookings: null };
  return {
    consultations: CONSULTATION_SIDE.includes(filter) ? (filter as ConsultationStatus) : false,
    bookings: BOOKING_SIDE.includes(filter) ? (filter as ConsultationBookingStatus) : false,
  };
}

export type OverviewTiles = { total: number; completed: number; upcoming: number };

/** Total, completed and upcoming (a scheduled consultation, or an open booking whose time is still ahead), over both kinds. */
export function overviewTiles(
  consultations: { total: number; completed: number; scheduled: number },
  bookings: { total: number; completed: number; upcoming: number },
): OverviewTiles {
  return {
    total: consultations.total + bookings.total,
    completed: consultations.completed + bookings.completed,
    upcoming: consultations.scheduled + bookings.upcoming,
  };
}
