import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, time, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { recordKey, createdAt } from "~/db/columns";

export const SLOT_STATUSES = ["open", "tentative", "booked"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** Bookable times, as business-local date and time (zone: organization_settings.timezone). */
export const availabilitySlots = pgTable(
  "availability_slots",
  {
    id: recordKey(),
    date: date("date", { mode: "string" }).notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    status: text("status", { enum: SLOT_STATUSES }).notNull().default("open"),
    // The booking that holds the slot (the consultations domain's record). No foreign key: bookings
    // sit above availability (decision 048), so the consultations domain lets go of a slot itself
    // when it cancels or deletes a booking, and its upkeep reopens one whose booking is gone.
    bookingId: uuid("booking_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // Generation inserts with ON CONFLICT DO NOTHING and never duplicates a slot. Its index also
    // serves "ORDER BY date, start_time" and date-range scans.
    unique("availability_slots_date_start_end_unique").on(t.date, t.startTime, t.endTime),
    // No double booking (DESIGN.md): a booking holds at most one slot, and the booking update
    // (SET booking_id = $b, status = 'booked' WHERE id = $s AND status = 'open' AND booking_id IS NULL)
    // lets only one of two racing visitors win.
    uniqueIndex("availability_slots_booking_id_unique").on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
    // The public booking page's query: open, unbooked slots by date then time.
    index("availability_slots_open_date_start_idx")
      .on(t.date, t.startTime)
      .where(sql`${t.status} = 'open' AND ${t.bookingId} IS NULL`),
    check("availability_slots_time_order_check", sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** Weekly rules the slot generator expands (0 = Sunday … 6 = Saturday). */
export const recurringAvailability = pgTable(
  "recurring_availability",
  {
    id: recordKey(),
    dayOfWeek: integer("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("recurring_availability_day_idx").on(t.dayOfWeek, t.startTime),
    check("recurring_availability_day_of_week_check", sql`${t.dayOfWeek} BETWEEN 0 AND 6`),
    check("recurring_availability_time_order_check", sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** Inclusive date ranges with no availability (business-local dates). */
export const blockedDates = pgTable(
  "blocked_dates",
  {
    id: recordKey(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("blocked_dates_range_idx").on(t.startDate, t.endDate),
    check("blocked_dates_range_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type AvailabilitySlot = typeof availabilitySlots.$inferSelect;
export type RecurringAvailability = typeof recurringAvailability.$inferSelect;
export type BlockedDate = typeof blockedDates.$inferSelect;
