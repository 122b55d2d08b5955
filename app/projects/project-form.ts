import { recordId } from "~/forms/record-id";
import { optionalDay, optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "~/organization/tier-catalog";
import { PROJECT_STATUSES } from "./project-options";

// The project forms: one zod schema each, used by the page and again by the action.

const projectName = z.string({ error: "Please enter a project name" }).trim().min(1, "Please enter a project name").max(200, "Use at most 200 characters");

const optionalDate = optionalDay("Enter a date as yyyy-mm-dd");

/** New project from a client's page: a name is required (spec 001 §5). */
export const newProjectSchema = z.object({
  name: projectName,
  tier: z.enum(TIER_IDS, "Choose a tier"),
});
export type NewProjectInput = z.infer<typeof newProjectSchema>;

/** New project from /admin/projects/new: the client is chosen too, the deadline is optional. */
export const newProjectPageSchema = newProjectSchema.extend({
  clientId: recordId("Choose a client"),
  deliveryDeadline: optionalDate,
});
export type NewProjectPageInput = z.infer<typeof newProjectPageSchema>;

const count = (label: string, min: number) =>
  z.coerce.number({ error: `Enter a whole number of ${label}` }).int(`Enter a whole number of ${label}`).min(min, `At least ${min}`).max(999, "At most 999");

/** The project's details form. The tier changes through 'Upgrade Tier' only. */
export const projectDetailsSchema = z.object({
  name: projectName,
  status: z.enum(PROJECT_STATUSES, "Choose a status"),
  deliveryDeadline: optionalDate,
  projectUrl: z
    .union([z.url({ protocol: /^https?$/, error: "Enter a web address starting with http:// or https://" }), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null)),
  versionNumber: count("versions", 1),
  feedbackRounds: count("revisions", 0),
  handoffComplete: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  internalNotes: optionalText(10_000),
});
export type ProjectDetailsInput = z.infer<typeof projectDetailsSchema>;

/** The project a page or an intent acts on (the route's `:projectId`). */
export const projectIdSchema = z.object({ projectId: recordId("Project not found") });

export const projectStatusSchema = projectIdSchema.extend({ status: z.enum(PROJECT_STATUSES, "Choose a status") });

export const projectIdsFormSchema = z.object({
  projectIds: z.preprocess(
    (value) => (Array.isArray(value) ? value : value ? [value] : []),
    z.array(recordId("Select at least one project")).min(1, "Select at least one project").max(1000, "Delete at most 1000 projects at once"),
  ),
});

export const upgradeTierSchema = z.object({ tier: z.enum(TIER_IDS, "Please select a tier") });

export const taskIdSchema = z.object({ taskId: recordId("Task not found") });
export const taskStatusSchema = taskIdSchema.extend({ status: z.enum(["pending", "complete"], "Choose pending or complete") });
export const taskNotesSchema = taskIdSchema.extend({ notes: optionalText(5000) });

/** 'Add Task' in tier-task mode: a tier, then one of its tasks (by name). */
export const addTierTaskSchema = z.object({
  tier: z.enum(TIER_IDS, "Please select a tier"),
  taskName: z.string({ error: "Choose a task" }).trim().min(1, "Choose a task").max(300, "Use at most 300 characters"),
});

/** 'Add Task' in custom mode: a non-blank name; the category defaults to Custom. */
export const addCustomTaskSchema = z.object({
  taskName: z.string({ error: "Task name is required" }).trim().min(1, "Task name is required").max(300, "Use at most 300 characters"),
  category: optionalText(60),
});

/** The project number shown everywhere, from `project_number_seq` (e.g. 1001 → "PRJ-1001"). */
export function formatProjectNumber(sequenceValue: number): string {
  return `PRJ-${sequenceValue}`;
}

/** Where a tracker action goes back to with its toast: only the tracker's own views. */
export const projectsReturnToSchema = z.object({
  returnTo: z
    .string()
    .optional()
    .transform((value) => (value && /^\/admin\/projects(?:\?[^\r\n\\]*)?$/.test(value) ? value : "/admin/projects")),
});
