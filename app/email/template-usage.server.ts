import { asc, sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { cadences } from "./schema";

/**
 * The cadences whose steps send a template: such a template cannot be deleted. The one place
 * Templates reads cadences (their steps are jsonb `[{ templateId, … }]`), so it follows the table
 * wherever the cadences domain keeps it.
 */
export async function cadencesUsingTemplate(executor: DatabaseExecutor, templateId: string): Promise<{ id: string; name: string }[]> {
  return executor
    .select({ id: cadences.id, name: cadences.name })
    .from(cadences)
    .where(sql`${cadences.steps} @> ${JSON.stringify([{ templateId }])}::jsonb`)
    .orderBy(asc(cadences.name));
}
