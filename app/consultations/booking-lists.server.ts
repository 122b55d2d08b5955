import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { keysetPage, type KeysetPage, type KeysetPageRequest } from "~/lists/keyset-page.server";
import { searchCondition } from "~/lists/search-condition.server";
import { consultationBookings, type ConsultationBooking, type ConsultationBookingStatus } from "./schema";

export const BOOKINGS_PAGE_SIZE = 25;

export type BookingListFilters = {
  status?: ConsultationBookingStatus | null;
  /** Booked between these business-local days (inclusive). */
  from?: string | null;
  to?: string | null;
  /** The lead's name or e-mail. */
  search?: string | null;
};

export type BookingListRow = ConsultationBooking & { lead: { id: string; name: string; email: string; phone: string | null } };

function bookingCondition(filters: BookingListFilters, timeZone: string): SQL | undefined {
  const bookedDay = sql`(${consultationBookings.selectedStart} at time zone ${timeZone})::date`;
  return and(
    filters.status ? eq(consultationBookings.status, filters.status) : undefined,
    filters.from ? sql`${bookedDay} >= ${filters.from}::date` : undefined,
    filters.to ? sql`${bookedDay} <= ${filters.to}::date` : undefined,
    searchCondition(filters.search ?? "", [leads.name, leads.email]),
  );
}

/** A page of the bookings (invitations) with their lead, newest first, by keyset; dates filter the booked time in the business zone. */
export async function listBookings({
  filters,
  timeZone,
  page = {},
}: {
  filters: BookingListFilters;
  timeZone: string;
  page?: Partial<KeysetPageRequest>;
}): Promise<KeysetPage<BookingListRow>> {
  return keysetPage(
    { after: page.after, before: page.before, size: page.size ?? BOOKINGS_PAGE_SIZE },
    { by: consultationBookings.createdAt, tieBreaker: consultationBookings.id, direction: "desc", valueKind: "time" },
    async ({ beyond, orderBy, limit }) => {
      const rows = await db()
        .select({ booking: consultationBookings, lead: { id: leads.id, name: leads.name, email: leads.email, phone: leads.phone } })
        .from(consultationBookings)
        .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
        .where(and(bookingCondition(filters, timeZone), beyond))
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => ({ ...row.booking, lead: row.lead }));
    },
    (row) => ({ value: row.createdAt.toISOString(), id: row.id }),
  );
}

export type BookingCounts = { total: number; completed: number; upcoming: number };

/** How many bookings a filter finds: all, completed, and open ones whose booked time is still ahead. */
export async function countBookings({ filters, timeZone, now = new Date() }: { filters: BookingListFilters; timeZone: string; now?: Date }): Promise<BookingCounts> {
  const [row] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${consultationBookings.status} = 'completed')::int`,
      upcoming: sql<number>`count(*) filter (where ${inArray(consultationBookings.status, ["pending", "confirmed"])} and ${consultationBookings.selectedStart} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(consultationBookings)
    .innerJoin(leads, eq(leads.id, consultationBookings.leadId))
    .where(bookingCondition(filters, timeZone));
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0), upcoming: Number(row?.upcoming ?? 0) };
}

/** Leads who can still be invited (not converted), newest first, for the invitation dialog's picker. */
export async function listInvitableLeads(limit = 200): Promise<{ id: string; name: string; email: string }[]> {
  return db()
    .select({ id: leads.id, name: leads.name, email: leads.email })
    .from(leads)
    .where(ne(leads.status, "converted"))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
}
