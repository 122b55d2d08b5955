import { currentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { declareKeptRead, keptReadsOf, type KeptReads, type Shelf } from "~/db/kept-reads.server";
import { availabilitySlots, blockedDates } from "~/availability/schema";
import { consultationBookings } from "~/consultations/schema";
import { leads } from "~/leads/schema";
import { organizationSettings, packageTiers } from "~/organization/schema";
import { findOfferedTimes, type OfferedTimes } from "~/availability/offered-times.server";
import type { BookingPageSettings, VisitorBookingSources } from "~/consultations/visitor-booking-page.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { readBookingPage, type BookingPageData } from "./booking.server";
import type { KeptDocument } from "./kept-document.server";

/**
 * The booking page, kept in memory per link (docs/decisions/009-booking-page-cache.md), and the
 * public site's pages, kept per path by the same rules (docs/decisions/037-public-pages-kept-and-native-dialogs.md).
 *
 * What is the same for every link is kept once and shared: the settings the page reads, and the
 * offered times of each window (every invitation whose window ends on the same day offers the same
 * times). A link's first view then costs one query, for its invitation.
 *
 * A kept page is served while both hold:
 * - no change was committed since it was read: the triggers of migration 0003 notify the channel
 *   below on every write to slots, blocked dates, invitations, the lead's name and the settings,
 *   and any notification drops everything kept (a version that every notification bumps);
 * - its clock has not run out: the instant an offered time starts, the change cut-off passes or
 *   the business day turns (nextTimedChange), and never more than MAX_AGE_MS after it was read.
 *
 * How a change is heard on each database, and when nothing is kept: ~/db/kept-reads.server.ts.
 */
export const BOOKING_PAGES_CHANNEL = "booking_pages";

/**
 * Belt and braces: notifications make the cache exact, but one silently lost (a server connection
 * that died without a word) would otherwise leave a page stale until its clock runs out. Ten
 * seconds bounds that, for one re-read per link every ten seconds.
 */
export const MAX_AGE_MS = 10_000;
/** Links whose pages are kept at once (a page and its document are ~20 KB); the oldest kept goes first. */
const PAGE_LIMIT = 500;
/** Public pages kept at once (a path's document and its compressed forms, ~70 KB); the oldest kept goes first. */
const PUBLIC_PAGE_LIMIT = 100;
/** Lists of offered times (one per invitation last date in use). */
const OFFER_LIMIT = 100;

const KEPT_PAGES = declareKeptRead({
  name: "a booking link's page",
  channel: BOOKING_PAGES_CHANNEL,
  dependsOn: [consultationBookings, leads, availabilitySlots, blockedDates, organizationSettings],
});
const KEPT_OFFERS = declareKeptRead({ name: "the times a window offers", channel: BOOKING_PAGES_CHANNEL, dependsOn: [availabilitySlots, blockedDates, organizationSettings] });
const KEPT_SETTINGS = declareKeptRead({ name: "the settings a booking page reads", channel: BOOKING_PAGES_CHANNEL, dependsOn: [organizationSettings] });
// The public site's tables are named, not imported: the site composes this domain, not the other way round.
const KEPT_PUBLIC_PAGES = declareKeptRead({
  name: "a public page's document",
  channel: BOOKING_PAGES_CHANNEL,
  dependsOn: [organizationSettings, packageTiers, "portfolio_items"],
});

export class BookingPageCache {
  private readonly reads: KeptReads;
  private readonly pages: Shelf<BookingPageData>;
  private readonly offers: Shelf<OfferedTimes>;
  private readonly settingsKept: Shelf<BookingPageSettings>;
  /** Public pages' documents by path; null for a path whose answer is not a plain page (kept too, for as long). */
  private readonly publicPages: Shelf<KeptDocument | null>;
  /** Where a page read through the cache takes what every link shares. */
  private readonly shared: VisitorBookingSources = {
    offeredTimes: (lastDate, now, timeZone) => this.offeredTimes(lastDate, now, timeZone),
    settings: (now) => this.settings(now),
  };

  constructor(database: DatabaseHandle) {
    this.reads = keptReadsOf(database, BOOKING_PAGES_CHANNEL);
    this.pages = this.reads.shelf(KEPT_PAGES, PAGE_LIMIT, MAX_AGE_MS);
    this.offers = this.reads.shelf(KEPT_OFFERS, OFFER_LIMIT, MAX_AGE_MS);
    this.settingsKept = this.reads.shelf(KEPT_SETTINGS, 1, MAX_AGE_MS);
    this.publicPages = this.reads.shelf(KEPT_PUBLIC_PAGES, PUBLIC_PAGE_LIMIT, MAX_AGE_MS);
  }

  /** Starts listening (once); resolves when the first attempt is over, heard or not. */
  ready(): Promise<void> {
    return this.reads.ready();
  }

  /** Whether pages are kept now (listening for changes). */
  get keeping(): boolean {
    return this.reads.keeping;
  }

  /** The kept page of `token` if it is good at `now`, without waiting for anything (the document's fast path). */
  keptPage(token: string, now = Date.now()): BookingPageData | undefined {
    return this.pages.peek(token, now);
  }

  /** The page of `token` at `now`: the kept one while it is good, else read (once, however many ask at the same time). */
  async page(token: string | undefined, now = new Date()): Promise<BookingPageData> {
    if (!token) return (await readBookingPage(token, now)).page;
    return this.pages.get(token, now, async () => {
      const { page, changesAt } = await readBookingPage(token, now, this.shared);
      return { value: page, until: changesAt };
    });
  }

  /**
   * The kept document of the public page at `path` if it is good at `now`, without waiting for
   * anything (the fast path): null when its answer is not one to keep, undefined when none is kept.
   */
  keptPublicPage(path: string, now = Date.now()): KeptDocument | null | undefined {
    return this.publicPages.peek(path, now);
  }

  /**
   * The document of the public page at `path`: the kept one while it is good, else `render`ed (once,
   * however many ask at the same time). What a public page shows changes only with a write its
   * tables' triggers announce (the settings, the tiers, the portfolio: migrations 0003 and 0026),
   * and MAX_AGE_MS bounds the rest (the year in the footer).
   */
  publicPage(path: string, render: () => Promise<KeptDocument | null>, now = new Date()): Promise<KeptDocument | null> {
    return this.publicPages.get(path, now, async () => ({ value: await render(), until: Infinity }));
  }

  /**
   * Resolves once this process has heard every change committed before the call (see
   * KeptReads.caughtUp). Immediate on the embedded database.
   */
  caughtUp(): Promise<void> {
    return this.reads.caughtUp();
  }

  /** Offered times through `lastDate`, shared by every invitation with that last date. */
  private offeredTimes(lastDate: string, now: Date, timeZone: string): Promise<OfferedTimes> {
    return this.offers.get(`${timeZone} ${lastDate}`, now, async () => {
      // Frozen: every page with this last date holds the same list.
      const offered = Object.freeze(await findOfferedTimes(lastDate, now, timeZone));
      // The list changes by the clock alone when its earliest time starts.
      return { value: offered, until: offered.firstStart ? Date.parse(offered.firstStart) : Infinity };
    });
  }

  /** The settings every page reads (its table's trigger announces a change, like every other). */
  private settings(now: Date): Promise<BookingPageSettings> {
    return this.settingsKept.get("settings", now, async () => {
      const { timezone, bookingCancelCutoffHours, companyName, defaultConsultDurationMinutes } = await getOrganizationSettings();
      return { value: Object.freeze({ timezone, bookingCancelCutoffHours, companyName, defaultConsultDurationMinutes }), until: Infinity };
    });
  }
}

const caches = new WeakMap<DatabaseHandle, BookingPageCache>();

/** The page cache of the current database (one per database handle: tests switch databases). */
export function bookingPageCache(database: DatabaseHandle = currentDatabase()): BookingPageCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new BookingPageCache(database);
    caches.set(database, cache);
  }
  return cache;
}

/** What the booking page shows now for `token`, through the cache. */
export function currentBookingPage(token: string | undefined, now = new Date()): Promise<BookingPageData> {
  return bookingPageCache().page(token, now);
}
