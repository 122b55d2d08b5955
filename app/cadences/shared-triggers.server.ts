import { eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { emailTemplates } from "~/email/schema";
import { cadences } from "./schema";
import type { CadenceSummary } from "./shared-triggers";

/**
 * What the shared-trigger warning reads (shared-triggers.ts): every active cadence's trigger and
 * steps, and the names of the templates they send.
 */
export async function activeCadenceSummaries(): Promise<{ cadences: CadenceSummary[]; templateNames: Record<string, string> }> {
  const [active, templates] = await Promise.all([
    db().select({ id: cadences.id, name: cadences.name, trigger: cadences.trigger, status: cadences.status, steps: cadences.steps }).from(cadences).where(eq(cadences.status, "active")),
    db().select({ id: emailTemplates.id, name: emailTemplates.name }).from(emailTemplates),
  ]);
  return { cadences: active, templateNames: Object.fromEntries(templates.map((template) => [template.id, template.name])) };
}
