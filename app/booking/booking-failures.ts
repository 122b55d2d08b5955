/**
 * The public booking page's fallback texts (spec 000 §8), for the failures that have no message of
 * their own: the page could not be read (its error card), a booking failed on our side (after
 * 'Failed to book: '), and a booking that got no answer at all (the connection dropped).
 */
export const BOOKING_FAILURES = {
  load: "Failed to load booking information",
  confirm: "Failed to confirm booking",
  noAnswer: "Booking failed",
} as const;
