import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference, optionalReference } from "~/db/columns";
import type { SealedLinks } from "./sealed-links";

// Pure constants kept beside the tables; move to an options module if the browser needs them.

/** Keys of the system templates the server sends; admin-made templates have no key. */
export const EMAIL_TEMPLATE_KEYS = [
  "promo_welcome",
  "inquiry_confirmation",
  "inquiry_confirmation_promo",
  "admin_notification",
  "contact_confirmation",
  "contact_notification",
  "booking_invitation",
  "booking_confirmation",
  "booking_time_change",
  "booking_reminder",
  "booking_cancelled",
  "booking_received",
  "booking_agency_notification",
  "booking_rescheduled",
  "invoice",
  "invoice_reminder",
  "payment_receipt",
  "payment_notification",
  "consultation_notification",
  "admin_invitation",
  "sign_in_paused",
  "portal_sign_in",
  "admin_team_changed",
  "proposal",
  "proposal_reminder",
  "proposal_signed",
  "proposal_signed_notification",
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "stored", "failed", "suppressed"] as const;

/**
 * Marketing mail (cadence steps, campaigns) carries List-Unsubscribe and is never sent to a
 * suppressed address; transactional mail (bookings, invoices, the promo code asked for) always goes.
 */
export const EMAIL_CATEGORIES = ["transactional", "marketing"] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const EMAIL_LOG_STATUSES = ["sent", "failed", "stored", "retrying", "suppressed"] as const;
export type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number];

export const emailTemplates = pgTable("email_templates", {
  id: recordKey(),
  // Unique among system templates; NULLs (admin-made templates, clones) never clash.
  key: text("key", { enum: EMAIL_TEMPLATE_KEYS }).unique(),
  name: text("name").notNull(),
  subject: text("subject").notNull(),
  preheader: text("preheader"),
  bodyText: text("body_text").notNull().default(""),
  bodyHtml: text("body_html").notNull().default(""),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** The e-mail of the admin who saved this version; null for the shipped system text. */
  updatedBy: text("updated_by"),
});

/**
 * Each saved version of a template before it was changed (the editor's Versions list): saving
 * copies the current text here, then writes the new text with version + 1.
 */
export const emailTemplateVersions = pgTable(
  "email_template_versions",
  {
    id: recordKey(),
    templateId: requiredReference("template_id", () => emailTemplates.id, "cascade"),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    preheader: text("preheader"),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html").notNull(),
    savedAt: instant("saved_at").notNull().defaultNow(),
    // When and by whom this version was saved (the template's updated_at / updated_by at the time).
    savedBy: text("saved_by"),
  },
  (t) => [uniqueIndex("email_template_versions_template_version_idx").on(t.templateId, t.version)],
);

/** An attachment stored in the outbox row; `content` is base64 (e.g. an .ics or an invoice PDF). */
export type OutboxAttachment = { filename: string; contentType: string; content: string };

/**
 * Mail to deliver, written in the same transaction as its cause (DESIGN.md "Nothing is lost").
 * The worker claims due rows with FOR UPDATE SKIP LOCKED, marks them 'sending' (claimed_at) with
 * a short lease (lease_until) that it renews while it sends, then marks 'sent' / 'stored' (no SMTP
 * configured) or schedules a retry with backoff (attempts, next_attempt_at) until it gives up with
 * 'failed'. A 'sending' row whose lease ran out belongs to a process that died and is claimed again.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: recordKey(),
    toEmail: text("to_email").notNull(),
    toName: text("to_name"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    emailType: text("email_type").notNull(),
    category: text("category", { enum: EMAIL_CATEGORIES }).notNull().default("transactional"),
    // The lead and the booking a message is about (the leads and consultations domains' records).
    // No foreign keys: they sit above e-mail (decision 048); a deleted lead's messages forget it
    // ("leads.deleting"), and the record of what was sent stays.
    leadId: uuid("lead_id"),
    bookingId: uuid("booking_id"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * A one-time link the message carries (a portal sign-in, an admin invitation): `subject`,
     * `html` and `text` hold a mask in its place, which the admins and a backup see; the link is
     * kept here, put in only as the message is sent, and dropped once it is delivered or given up
     * (sealed-links.ts). Mask → link.
     */
    sealed: jsonb("sealed").$type<SealedLinks>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    claimedAt: instant("claimed_at"),
    leaseUntil: instant("lease_until"),
    lastError: text("last_error"),
    // Unique: a scheduled e-mail (e.g. `reminder:{bookingId}`) is enqueued once, whichever
    // process gets there first (INSERT ... ON CONFLICT (dedupe_key) DO NOTHING).
    dedupeKey: text("dedupe_key").unique(),
    // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: instant("sent_at"),
  },
  (t) => [
    index("email_outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_lead_id_idx").on(t.leadId),
    index("email_outbox_booking_id_idx").on(t.bookingId),
    index("email_outbox_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

/** One row per delivery attempt (or stored message), newest first on /admin/emails. */
export const emailLogs = pgTable(
  "email_logs",
  {
    id: recordKey(),
    outboxId: optionalReference("outbox_id", () => emailOutbox.id, "set null"),
    sentAt: instant("sent_at").notNull().defaultNow(),
    recipientEmail: text("recipient_email").notNull(),
    recipientName: text("recipient_name"),
    subject: text("subject"),
    emailType: text("email_type"),
    status: text("status", { enum: EMAIL_LOG_STATUSES }).notNull(),
    error: text("error"),
    /** e.g. { promoCode } (spec 001 §3). */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    // As the outbox's: the lead it was for, without a foreign key.
    leadId: uuid("lead_id"),
  },
  (t) => [
    index("email_logs_sent_at_idx").on(t.sentAt.desc().nullsFirst()),
    index("email_logs_outbox_id_idx").on(t.outboxId),
    index("email_logs_lead_id_idx").on(t.leadId),
  ],
);

/**
 * Addresses that receive no marketing mail: unsubscribed (one click), rejected permanently by
 * their mail server (5xx), or added by an admin. Stored lower-cased; one row per address.
 */
export const SUPPRESSION_REASONS = ["unsubscribed", "bounced", "admin"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const emailSuppressions = pgTable("email_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason", { enum: SUPPRESSION_REASONS }).notNull(),
  /** e.g. the SMTP error of a bounce, or which message's link was used. */
  detail: text("detail"),
  // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type EmailSuppression = typeof emailSuppressions.$inferSelect;
export type EmailTemplate = typeof emailTemplates.$inferSelect;
export type EmailTemplateVersion = typeof emailTemplateVersions.$inferSelect;
export type EmailOutboxMessage = typeof emailOutbox.$inferSelect;
export type EmailLog = typeof emailLogs.$inferSelect;
