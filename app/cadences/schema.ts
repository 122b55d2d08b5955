import { index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference, optionalReference } from "~/db/columns";
import { emailOutbox, emailTemplates } from "~/email/schema";
import { leads } from "~/leads/schema";
import {
  CADENCE_STATUSES,
  CADENCE_TRIGGER_VALUES,
  ENROLMENT_END_REASONS,
  ENROLMENT_STATUSES,
  STEP_SEND_STATUSES,
  type CadenceStep,
} from "./cadence-options";

export const cadences = pgTable("cadences", {
  id: recordKey(),
  name: text("name").notNull(),
  description: text("description"),
  trigger: text("trigger", { enum: CADENCE_TRIGGER_VALUES }).notNull().default("manual"),
  // jsonb, not a FK per step: a deleted template shows as a skipped step rather than blocking the delete.
  steps: jsonb("steps").$type<CadenceStep[]>().notNull().default([]),
  status: text("status", { enum: CADENCE_STATUSES }).notNull().default("active"),
  // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: updatedAt(),
});

/**
 * A lead in a cadence. Unique per (cadence, lead): a lead is enrolled once per cadence, whatever
 * triggers it again. `next_step_index` / `next_step_due_at` are the worker's schedule (computed by
 * cadence-schedule.ts), indexed so a run reads only what is due.
 */
export const cadenceEnrolments = pgTable(
  "cadence_enrolments",
  {
    id: recordKey(),
    cadenceId: requiredReference("cadence_id", () => cadences.id, "cascade"),
    leadId: requiredReference("lead_id", () => leads.id, "cascade"),
    enrolledAt: instant("enrolled_at").notNull().defaultNow(),
    status: text("status", { enum: ENROLMENT_STATUSES }).notNull().default("active"),
    endedReason: text("ended_reason", { enum: ENROLMENT_END_REASONS }),
    endedAt: instant("ended_at"),
    nextStepIndex: integer("next_step_index").notNull().default(0),
    nextStepDueAt: instant("next_step_due_at"),
  },
  (t) => [
    unique("cadence_enrolments_cadence_lead_key").on(t.cadenceId, t.leadId),
    index("cadence_enrolments_due_idx").on(t.status, t.nextStepDueAt),
    index("cadence_enrolments_lead_idx").on(t.leadId),
  ],
);

/**
 * Each step of an enrolment, handled once: the row is the claim (INSERT … ON CONFLICT DO NOTHING
 * on the unique (enrolment, step)), written in the transaction that queues the e-mail.
 */
export const cadenceStepSends = pgTable(
  "cadence_step_sends",
  {
    id: recordKey(),
    enrolmentId: requiredReference("enrolment_id", () => cadenceEnrolments.id, "cascade"),
    stepIndex: integer("step_index").notNull(),
    dueAt: instant("due_at").notNull(),
    status: text("status", { enum: STEP_SEND_STATUSES }).notNull(),
    reason: text("reason"),
    templateId: optionalReference("template_id", () => emailTemplates.id, "set null"),
    outboxId: optionalReference("outbox_id", () => emailOutbox.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("cadence_step_sends_enrolment_step_key").on(t.enrolmentId, t.stepIndex),
    index("cadence_step_sends_outbox_idx").on(t.outboxId),
  ],
);

export type Cadence = typeof cadences.$inferSelect;
export type CadenceEnrolment = typeof cadenceEnrolments.$inferSelect;
