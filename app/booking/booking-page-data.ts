import type { VisitorBookingPage } from "~/consultations/visitor-booking-page.server";

/**
 * What a booking page's document carries for the browser (decision 035): only what the page shows,
 * the offered times in their compact form (app/availability/offered-days.ts: business-local days
 * and minutes, read in the page's `timeZone`), as ONE string. One string because the kept document
 * is made from a template by putting this string in place (booking-document.server.ts): React
 * Router writes a string into the document the same way whatever it holds, so every link's
 * document is the template with its own string.
 */
export type BookingPageView =
  | Extract<VisitorBookingPage, { kind: "error" }>
  | (Omit<Extract<VisitorBookingPage, { kind: "ready" }>, "offered"> & { offered: string });

export function encodeBookingPage(view: BookingPageView): string {
  return JSON.stringify(view);
}

/** The page a document or a revalidation carried: always written by encodeBookingPage on the server. */
export function decodeBookingPage(text: string): BookingPageView {
  return JSON.parse(text) as BookingPageView;
}
