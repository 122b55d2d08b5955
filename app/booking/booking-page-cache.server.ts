import { sql } from "drizzle-orm";
import { currentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { findOfferedTimes, type OfferedTimes } from "~/availability/offered-times.server";
import type { BookingPageSettings, VisitorBookingSources } from "~/consultations/visitor-booking.server";
import { logger } from "~/logging/logger.server";
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
 * Embedded (PGlite): the notification is handled while the COMMIT is answered, before the writer's
 * query resolves, so a page read after a write always sees it. Server (PostgreSQL, maybe several
 * processes): each process hears the commit on its own listening connection, typically within a
 * millisecond; while that connection is down nothing is kept, and when it is back everything
 * kept before is dropped.
 */
export const BOOKING_PAGES_CHANNEL = "booking_pages";

/**
 * Belt and braces: notifications make the cache exact, but one silently lost (a server connection
 * that died without a word) would otherwise leave a page stale until its clock runs out. Ten
 * seconds bounds that, for one re-read per link every ten seconds.
 */
export const MAX_AGE_MS = 10_000;
/** How long caughtUp() waits for its echo at most. */
const ECHO_TIMEOUT_MS = 2_000;
/** Links whose pages are kept at once (a page and its document are ~20 KB); the oldest kept goes first. */
const PAGE_LIMIT = 500;
/** Public pages kept at once (a path's document and its compressed forms, ~70 KB); the oldest kept goes first. */
const PUBLIC_PAGE_LIMIT = 100;
/** Lists of offered times (one per invitation last date in use). */
const OFFER_LIMIT = 100;

type Kept<T> = { value: T; version: number; until: number };
type Reading<T> = { value: T; until: number };
type Flight<T> = { version: number; reading: Promise<Reading<T>> };

export class BookingPageCache {
  /** Bumped by every notification and every gap in listening: a kept value of another version is dropped. */
  private version = 0;
  private listening = false;
  private starting: Promise<void> | undefined;
  private readonly pages = new Map<string, Kept<BookingPageData>>();
  private readonly pageFlights = new Map<string, Flight<BookingPageData>>();
  private readonly offers = new Map<string, Kept<OfferedTimes>>();
  private readonly offerFlights = new Map<string, Flight<OfferedTimes>>();
  private readonly settingsKept = new Map<string, Kept<BookingPageSettings>>();
  private readonly settingsFlights = new Map<string, Flight<BookingPageSettings>>();
  /** Public pages' documents by path; null for a path whose answer is not a plain page (kept too, for as long). */
  private readonly publicPages = new Map<string, Kept<KeptDocument | null>>();
  private readonly publicPageFlights = new Map<string, Flight<KeptDocument | null>>();
  /** Where a page read through the cache takes what every link shares. */
  private readonly shared: VisitorBookingSources = {
    offeredTimes: (lastDate, now, timeZone) => this.offeredTimes(lastDate, now, timeZone),
    settings: (now) => this.settings(now),
  };
  private readonly waitingForEcho = new Map<string, () => void>();
  private echoes = 0;

  constructor(private readonly database: DatabaseHandle) {}

  /** Starts listening (once); resolves when the first attempt is over, heard or not. */
  ready(): Promise<void> {
    this.starting ??= this.database
      .listen(BOOKING_PAGES_CHANNEL, {
        onNotification: (payload) => {
          this.forget();
          this.waitingForEcho.get(payload)?.();
        },
        onListening: () => {
          this.forget();
          this.listening = true;
        },
        onInterrupted: () => {
          this.listening = false;
          this.forget();
          for (const resolve of this.waitingForEcho.values()) resolve();
        },
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        // Without notifications nothing is kept (every page is read afresh); try again next time.
        logger.warn({ err: error }, "the booking page cache cannot listen for changes")
        this.starting = undefined;
      });
    return this.starting;
  }

  /** Whether pages are kept now (listening for changes). */
  get keeping(): boolean {
    return this.listening;
  }

  /** The kept page of `token` if it is good at `now`, without waiting for anything (the document's fast path). */
  keptPage(token: string, now = Date.now()): BookingPageData | undefined {
    if (!this.listening) return undefined;
    const found = this.pages.get(token);
    return found && found.version === this.version && now < found.until ? found.value : undefined;
  }

  /** The page of `token` at `now`: the kept one while it is good, else read (once, however many ask at the same time). */
  async page(token: string | undefined, now = new Date()): Promise<BookingPageData> {
    await this.ready();
    if (!token) return (await readBookingPage(token, now)).page;
    return this.keep(this.pages, this.pageFlights, PAGE_LIMIT, token, now, async () => {
      const { page, changesAt } = await readBookingPage(token, now, this.shared);
      return { value: page, until: changesAt };
    });
  }

  /**
   * The kept document of the public page at `path` if it is good at `now`, without waiting for
   * anything (the fast path): null when its answer is not one to keep, undefined when none is kept.
   */
  keptPublicPage(path: string, now = Date.now()): KeptDocument | null | undefined {
    if (!this.listening) return undefined;
    const found = this.publicPages.get(path);
    return found && found.version === this.version && now < found.until ? found.value : undefined;
  }

  /**
   * The document of the public page at `path`: the kept one while it is good, else `render`ed (once,
   * however many ask at the same time). What a public page shows changes only with a write its
   * tables' triggers announce (the settings, the tiers, the portfolio: migrations 0003 and 0026),
   * and MAX_AGE_MS bounds the rest (the year in the footer).
   */
  async publicPage(path: string, render: () => Promise<KeptDocument | null>, now = new Date()): Promise<KeptDocument | null> {
    await this.ready();
    return this.keep(this.publicPages, this.publicPageFlights, PUBLIC_PAGE_LIMIT, path, now, async () => ({ value: await render(), until: Infinity }));
  }

  /**
   * Resolves once this process has heard every change committed before the call: it notifies the
   * channel itself and waits for that echo, which PostgreSQL delivers after the notifications of
   * every transaction that committed earlier. Immediate in effect on the embedded database.
   */
  async caughtUp(): Promise<void> {
    await this.ready();
    if (!this.listening) return;
    this.echoes += 1;
    const payload = `caught-up ${process.pid} ${this.echoes}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.waitingForEcho.set(payload, resolve);
      // A connection that died without a word never echoes: the caller (a visitor's action) goes on.
      timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
    });
    try {
      await this.database.db.execute(sql`select pg_notify(${BOOKING_PAGES_CHANNEL}, ${payload})`);
      await heard;
    } finally {
      clearTimeout(timer);
      this.waitingForEcho.delete(payload);
    }
  }

  /** Offered times through `lastDate`, shared by every invitation with that last date. */
  private offeredTimes(lastDate: string, now: Date, timeZone: string): Promise<OfferedTimes> {
    return this.keep(this.offers, this.offerFlights, OFFER_LIMIT, `${timeZone} ${lastDate}`, now, async () => {
      // Frozen: every page with this last date holds the same list.
      const offered = Object.freeze(await findOfferedTimes(lastDate, now, timeZone));
      // The list changes by the clock alone when its earliest time starts.
      return { value: offered, until: offered.firstStart ? Date.parse(offered.firstStart) : Infinity };
    });
  }

  /** The settings every page reads (its table's trigger announces a change, like every other). */
  private settings(now: Date): Promise<BookingPageSettings> {
    return this.keep(this.settingsKept, this.settingsFlights, 1, "settings", now, async () => {
      const { timezone, bookingCancelCutoffHours } = await getOrganizationSettings();
      return { value: Object.freeze({ timezone, bookingCancelCutoffHours }), until: Infinity };
    });
  }

  private forget(): void {
    this.version += 1;
    this.pages.clear();
    this.offers.clear();
    this.settingsKept.clear();
    this.publicPages.clear();
  }

  private async keep<T>(
    kept: Map<string, Kept<T>>,
    flights: Map<string, Flight<T>>,
    limit: number,
    key: string,
    now: Date,
    read: () => Promise<Reading<T>>,
  ): Promise<T> {
    const at = now.getTime();
    if (!this.listening) return (await read()).value;
    const version = this.version;
    const found = kept.get(key);
    if (found && found.version === version && at < found.until) return found.value;
    // Join a reading of the same version that is under way, if it is still good at `now`.
    const flight = flights.get(key);
    if (flight && flight.version === version) {
      const joined = await flight.reading;
      if (at < joined.until) return joined.value;
      return (await read()).value;
    }
    const reading = read().then(({ value, until }) => ({ value, until: Math.min(until, at + MAX_AGE_MS) }));
    flights.set(key, { version, reading });
    try {
      const { value, until } = await reading;
      // Kept only if no change was heard while reading (the value could predate it) and still listening.
      if (this.listening && this.version === version && at < until) {
        kept.delete(key);
        kept.set(key, { value, version, until });
        if (kept.size > limit) {
          const oldest = kept.keys().next();
          if (!oldest.done) kept.delete(oldest.value);
        }
      }
      return value;
    } finally {
      if (flights.get(key)?.reading === reading) flights.delete(key);
    }
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
