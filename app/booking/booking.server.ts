import { readVisitorBooking, type VisitorBookingPage, type VisitorBookingSources } from "~/consultations/visitor-booking-page.server";
import { nextTimedChange } from "./booking-page-clock";
import { encodeBookingPage } from "./booking-page-data";

/**
 * The public booking page's request side: this folder holds only its route module, the kept
 * copy of its pages (page cache and document), the clock that says how long a page stays true,
 * and the rate limit of its actions. Invitations and bookings, and every rule about them, belong
 * to app/consultations: this page reads and books only through consultations' services
 * (visitor-booking-page.server.ts, book-slot.server.ts, …), which claim slots through app/availability in one transaction.
 */
export type BookingPageData = VisitorBookingPage;

/** A page and the instant it next changes by the clock alone (see nextTimedChange); an error is not kept at all. */
export type BookingPageReading = { page: BookingPageData; changesAt: number };

/** The page of a link, and until when the clock leaves it as it is. */
export async function readBookingPage(token: string | undefined, now = new Date(), sources?: VisitorBookingSources): Promise<BookingPageReading> {
  const { page, clock } = await readVisitorBooking({ token, now, sources });
  if (page.kind === "error" || !clock) return { page, changesAt: now.getTime() };
  return {
    page,
    changesAt: nextTimedChange({ ...page, ...clock, firstOfferedStart: page.offered.firstStart }, now),
  };
}

/** The page as it is now, straight from the database (the route reads it through the page cache). */
export async function loadBookingPage(token: string | undefined, now = new Date()): Promise<BookingPageData> {
  return (await readBookingPage(token, now)).page;
}

const texts = new WeakMap<BookingPageData, string>();

/**
 * The string the page's document carries (booking-page-data.ts), made once per page object: the
 * loader and the kept document of one page write the same one.
 */
export function bookingPageText(page: BookingPageData): string {
  let text = texts.get(page);
  if (text === undefined) {
    text = encodeBookingPage(page.kind === "ready" ? { ...page, offered: page.offered.days } : page);
    texts.set(page, text);
  }
  return text;
}
