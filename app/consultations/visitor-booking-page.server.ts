import { eq, inArray } from "drizzle-orm";
import { findOfferedTimes, type OfferedTimes } from "~/availability/offered-times.server";
import { batchedReads } from "~/db/batched-reads.server";
import { db } from "~/db/connection.server";
import { dayIn } from "~/formatting/dates";
import { leads } from "~/leads/schema";
import type { OrganizationSettings } from "~/organization/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { INVALID_LINK, LEAD_NOT_FOUND, refusalFor, visitorMayChange } from "./booking-status";
import { isWellFormedToken, sameToken } from "./invitation-token.server";
import { consultationBookings, type ConsultationBookingStatus } from "./schema";

export type VisitorBookingPage =
  | { kind: "error"; message: string }
  | {
      kind: "ready";
      leadName: string;
      status: ConsultationBookingStatus;
      /** ISO instants of the held time, if any. */
      booked: { start: string; end: string } | null;
      meetingLink: string | null;
      /** Shared between the pages of every invitation with the same last date: never changed in place. */
      offered: OfferedTimes;
      /** Times the agency proposed (shown first); each 30 minutes. */
      proposed: { start: string; end: string }[];
      canChange: boolean;
      cutoffHours: number;
      /** The business time zone, in which the offered days and minutes are read. */
      timeZone: string;
      /** What is being booked: with whom, and for how long (the picker says so above the times). */
      companyName: string;
      durationMinutes: number;
    };

/** What of the page depends on the clock besides what it shows (the booking page's clock reads it). */
export type VisitorBookingClock = { bookedStart: string | null; windowEndsOn: string | null };

/** The settings a booking page reads: the same for every link, so the page cache keeps one copy. */
export type BookingPageSettings = Pick<OrganizationSettings, "timezone" | "bookingCancelCutoffHours" | "companyName" | "defaultConsultDurationMinutes">;

/** Where a page's shared parts come from: the database by default, the page cache's kept copies when it reads. */
export type VisitorBookingSources = {
  offeredTimes: (lastDate: string, now: Date, timeZone: string) => Promise<OfferedTimes>;
  settings: (now: Date) => Promise<BookingPageSettings>;
};

const fromDatabase: VisitorBookingSources = { offeredTimes: findOfferedTimes, settings: () => getOrganizationSettings() };

const NOTHING_OFFERED: OfferedTimes = Object.freeze({ days: "", count: 0, firstStart: null });

/**
 * What a page shows of its invitation and lead, by token: the pages read together (a burst of
 * visitors, each on their own link) share one query (app/db/batched-reads.server.ts).
 */
const readInvitationForPage = batchedReads(async (tokens: readonly string[]) => {
  const rows = await db()
    .select({
      bookingToken: consultationBookings.bookingToken,
      status: consultationBookings.status,
      selectedStart: consultationBookings.selectedStart,
      selectedEnd: consultationBookings.selectedEnd,
      meetingLink: consultationBookings.meetingLink,
      windowEndsOn: consultationBookings.windowEndsOn,
      proposedSlots: consultationBookings.proposedSlots,
      leadName: leads.name,
    })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(inArray(consultationBookings.bookingToken, [...tokens]));
  return new Map(rows.map((row) => [row.bookingToken, row]));
});

export type ReadVisitorBookingOptions = {
  token: string | undefined;
  now?: Date;
  sources?: VisitorBookingSources;
};

/**
 * Everything the visitor's page shows: the invitation by its unique token with its lead's name (an
 * indexed query, shared with the pages read at the same moment), the settings, and the offered
 * times of its window (`sources`: the database, or the page cache's copies shared by every link).
 */
export async function readVisitorBooking({
  token,
  now = new Date(),
  sources = fromDatabase,
}: ReadVisitorBookingOptions): Promise<{ page: VisitorBookingPage; clock: VisitorBookingClock | null }> {
  const refused = (message: string) => ({ page: { kind: "error" as const, message }, clock: null });
  if (!token) return refused(INVALID_LINK);
  if (!isWellFormedToken(token)) return refused(LEAD_NOT_FOUND);
  const [row, settings] = await Promise.all([readInvitationForPage(token), sources.settings(now)]);
  if (!row || !sameToken(row.bookingToken, token)) return refused(LEAD_NOT_FOUND);
  const timeZone = settings.timezone;
  const cutoffHours = settings.bookingCancelCutoffHours;
  const open = refusalFor("book", row.status) === null;
  const canChange = open && visitorMayChange(row.selectedStart, now, cutoffHours);
  const offered = canChange ? await sources.offeredTimes(row.windowEndsOn ?? dayIn(now, timeZone), now, timeZone) : NOTHING_OFFERED;
  const proposed = canChange && row.status === "rescheduled" ? row.proposedSlots.filter((slot) => new Date(slot.start) > now) : [];
  const booked = row.selectedStart && row.selectedEnd ? { start: row.selectedStart.toISOString(), end: row.selectedEnd.toISOString() } : null;
  return {
    page: {
      kind: "ready",
      leadName: row.leadName,
      status: row.status,
      booked,
      meetingLink: row.status === "confirmed" ? row.meetingLink : null,
      offered,
      proposed,
      canChange,
      cutoffHours,
      timeZone,
      companyName: settings.companyName ?? "Our studio",
      durationMinutes: settings.defaultConsultDurationMinutes,
    },
    clock: { bookedStart: row.selectedStart?.toISOString() ?? null, windowEndsOn: row.windowEndsOn },
  };
}
