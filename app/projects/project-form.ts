import { z } from "zod";
import { TIER_IDS } from "~/settings/tier-catalog";

/** New project from a client's page: a name is required (spec 001 §5). */
export const newProjectSchema = z.object({
  name: z.string().trim().min(1, "Please enter a project name").max(200, "Use at most 200 characters"),
  tier: z.enum(TIER_IDS, "Choose a tier"),
});
export type NewProjectInput = z.infer<typeof newProjectSchema>;

/** The project number shown everywhere, from `project_number_seq` (e.g. 1001 → "PRJ-1001"). */
export function formatProjectNumber(sequenceValue: number): string {
  return `PRJ-${sequenceValue}`;
}
