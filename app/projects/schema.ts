import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgSequence, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { recordKey, instant, createdAt, updatedAt, requiredReference } from "~/db/columns";
import { clients } from "~/clients/schema";
import { TIER_IDS } from "~/organization/tier-catalog";
import { PROJECT_STATUSES, TASK_STATUSES } from "./project-options";

/**
 * Source of project numbers: `nextval('project_number_seq')`, formatted by the service
 * (e.g. PRJ-1001). A sequence never hands the same value to two concurrent inserts.
 */
export const projectNumberSeq = pgSequence("project_number_seq", { startWith: 1001, increment: 1 });

export const projects = pgTable(
  "projects",
  {
    id: recordKey(),
    // A project belongs to its client; deleting the client (only possible without invoices) removes it.
    clientId: requiredReference("client_id", () => clients.id, "cascade"),
    // Nullable: the spec creates projects without a name (e.g. from a client's tier); screens fall back to the number.
    name: text("name"),
    projectNumber: text("project_number").notNull().unique(),
    tier: text("tier", { enum: TIER_IDS }).notNull().default("1"),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("not_started"),
    deliveryDeadline: date("delivery_deadline", { mode: "string" }),
    projectUrl: text("project_url"),
    internalNotes: text("internal_notes"),
    handoffComplete: boolean("handoff_complete").notNull().default(false),
    versionNumber: integer("version_number").notNull().default(1),
    feedbackRounds: integer("feedback_rounds").notNull().default(0),
    // Milliseconds, as a keyset cursor carries it through a JS Date (leads.created_at says why).
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_client_id_idx").on(t.clientId),
    index("projects_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Dashboard "upcoming deadlines" only looks at unfinished projects.
    index("projects_open_deadline_idx").on(t.deliveryDeadline).where(sql`${t.status} <> 'complete'`),
  ],
);

export const projectTasks = pgTable(
  "project_tasks",
  {
    id: recordKey(),
    projectId: requiredReference("project_id", () => projects.id, "cascade"),
    taskName: text("task_name").notNull(),
    // Free text: checklist tasks use TASK_CATEGORIES, custom tasks default to "Custom".
    category: text("category").notNull().default("Custom"),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("pending"),
    /** The tier whose checklist the task came from; null for a custom task. */
    tierRequirement: text("tier_requirement", { enum: TIER_IDS }),
    sortOrder: integer("sort_order").notNull().default(0),
    notes: text("notes"),
    completedAt: instant("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Tasks are matched by name (tier upgrade adds only missing ones; "Already Added"), so a name
    // appears once per project. This also makes creating a checklist idempotent under a race
    // (two first opens of a project): INSERT ... ON CONFLICT DO NOTHING.
    unique("project_tasks_project_task_name_unique").on(t.projectId, t.taskName),
    index("project_tasks_project_sort_idx").on(t.projectId, t.sortOrder),
  ],
);

/** The per-tier checklists, editable data seeded from `task-checklists.ts`. */
export const tierTaskTemplates = pgTable(
  "tier_task_templates",
  {
    id: recordKey(),
    tier: text("tier", { enum: TIER_IDS }).notNull(),
    taskName: text("task_name").notNull(),
    category: text("category").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  // Unique so the seed can run on every start (ON CONFLICT DO NOTHING) without duplicating.
  (t) => [unique("tier_task_templates_tier_task_name_unique").on(t.tier, t.taskName)],
);

export type Project = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectTask = typeof projectTasks.$inferSelect;
export type TierTaskTemplate = typeof tierTaskTemplates.$inferSelect;
