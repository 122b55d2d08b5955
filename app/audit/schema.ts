import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { recordKey } from "~/db/columns";

/**
 * Every admin action that changes data, append-only (nothing updates or deletes a row, not even
 * when an account goes: decision 048). `actorUserId` is the account's id when it acted, with no
 * foreign key (accounts sit above the audit log, which every domain writes); `actorEmail` is copied
 * so the entry says who in words too.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: recordKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    /** What was done, e.g. "lead.change-status", "invoice.record-payment", "settings.organization". */
    action: text("action").notNull(),
    /** The kind of record, e.g. "lead", "client", "invoice"; null for settings-wide actions. */
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    /** One readable line for the Security tab and the record's timeline; no personal data beyond the actor. */
    summary: text("summary").notNull(),
    ipAddress: text("ip_address"),
    /** The session the change came through (the Actor's), so one sign-in's changes can be told apart. */
    sessionId: text("session_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_occurred_at_idx").on(t.occurredAt.desc().nullsFirst()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    // With the e-mail, so the Security tab's list of actors is read from the index alone (decision 027).
    index("audit_log_actor_email_idx").on(t.actorUserId, t.actorEmail),
    // The distinct actions (their domains, for the filter) by a walk of the index, not of the whole log.
    index("audit_log_action_idx").on(t.action),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
