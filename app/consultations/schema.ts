import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, text, time, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference, optionalReference } from "~/db/columns";
import { user } from "~/auth/schema";
import { clients } from "~/clients/schema";
import { invoices } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { projects } from "~/projects/schema";

// Pure constants kept beside the tables; move to a `consultation-options.ts` if the browser needs them.
export const CONSULTATION_BOOKING_STATUSES = ["pending", "confirmed", "rescheduled", "completed", "cancelled"] as const;
export type ConsultationBookingStatus = (typeof CONSULTATION_BOOKING_STATUSES)[number];

export const CONSULTATION_STATUSES = ["scheduled", "completed", "cancelled", "rescheduled"] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const CONSULT_TYPES = ["initial", "follow-up"] as const;
export type ConsultType = (typeof CONSULT_TYPES)[number];

/** A time the admin proposes (spec: "propose new time"); ISO 8601 instants with offset. */
export type ProposedSlot = { start: string; end: string };

/**
 * A booking invitation and, once the lead picks a time, the booking. The public link is
 * /booking/{booking_token}; the whole token is compared, so it is a capability (DESIGN.md).
 */
export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: recordKey(),
    // An invitation exists for its lead; it goes with the lead.
    leadId: requiredReference("lead_id", () => leads.id, "cascade"),
    // Set once the lead is a client (discovery calls shown on the client page).
    clientId: optionalReference("client_id", () => clients.id, "set null"),
    /** `{leadId}-{≥128 random bits}`, stored whole and unique. */
    bookingToken: text("booking_token").notNull().unique(),
    status: text("status", { enum: CONSULTATION_BOOKING_STATUSES }).notNull().default("pending"),
    /** The availability window offered by the invitation (7, 14, 21 or 30 days). */
    windowDays: integer("window_days").notNull().default(7),
    /** Last business-local date the link offers slots for. */
    windowEndsOn: date("window_ends_on", { mode: "string" }),
    proposedSlots: jsonb("proposed_slots").$type<ProposedSlot[]>().notNull().default([]),
    // No FK: the slot may later be deleted or regenerated; availability_slots.booking_id is the
    // authoritative link (and availability imports this module, not the other way round).
    selectedSlotId: uuid("selected_slot_id"),
    selectedStart: instant("selected_start"),
    selectedEnd: instant("selected_end"),
    /** The zone the visitor saw the time in when they booked (decision 050): their e-mails write it in that zone. */
    visitorTimeZone: text("visitor_time_zone"),
    /** ICS SEQUENCE: bumped on every change so calendar clients update the same event. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    meetingLink: text("meeting_link"),
    adminNotes: text("admin_notes"),
    // The project this discovery call was linked to (once).
    projectId: optionalReference("project_id", () => projects.id, "set null"),
    confirmationSentAt: instant("confirmation_sent_at"),
    reminderSentAt: instant("reminder_sent_at"),
    completedAt: instant("completed_at"),
    cancelledAt: instant("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("consultation_bookings_lead_id_idx").on(t.leadId),
    index("consultation_bookings_client_id_idx").on(t.clientId),
    index("consultation_bookings_project_id_idx").on(t.projectId),
    index("consultation_bookings_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Reminder job: upcoming booked calls that have not been reminded yet.
    index("consultation_bookings_reminder_due_idx")
      .on(t.selectedStart)
      .where(sql`${t.reminderSentAt} IS NULL AND ${t.status} IN ('pending', 'confirmed')`),
  ],
);

export const consultations = pgTable(
  "consultations",
  {
    id: recordKey(),
    clientId: requiredReference("client_id", () => clients.id, "cascade"),
    bookingId: optionalReference("booking_id", () => consultationBookings.id, "set null"),
    projectId: optionalReference("project_id", () => projects.id, "set null"),
    // Null until billed; deleting the invoice makes the consultation billable again.
    invoiceId: optionalReference("invoice_id", () => invoices.id, "set null"),
    consultType: text("consult_type", { enum: CONSULT_TYPES }).notNull().default("initial"),
    status: text("status", { enum: CONSULTATION_STATUSES }).notNull().default("scheduled"),
    // Business-local date and times (DESIGN.md "Time").
    scheduledDate: date("scheduled_date", { mode: "string" }),
    scheduledStartTime: time("scheduled_start_time"),
    scheduledEndTime: time("scheduled_end_time"),
    meetingLink: text("meeting_link"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("consultations_client_id_idx").on(t.clientId),
    index("consultations_project_id_idx").on(t.projectId),
    index("consultations_invoice_id_idx").on(t.invoiceId),
    index("consultations_scheduled_date_idx").on(t.scheduledDate.desc().nullsFirst()),
    // One consultation per booking: recording a confirmed booking as a consultation is idempotent.
    uniqueIndex("consultations_booking_id_unique").on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
  ],
);

/**
 * Each admin's private calendar subscription (decision 033): `/calendar/{secret}.ics` lists the
 * confirmed calls and the project deadlines. Only the SHA-256 of the 256-bit secret is kept, so the
 * address is shown once, when it is made; making a new one replaces the hash, and the old address
 * answers 404 from then on.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  /** The owner's sign-in epoch when it was made: ending their sign-ins (a new password, sign out everywhere, the role taken) ends it. */
  signInEpoch: integer("sign_in_epoch").notNull().default(0),
});

export type ConsultationBooking = typeof consultationBookings.$inferSelect;
export type Consultation = typeof consultations.$inferSelect;
