import { eq, sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { leads, leadTimelineEvents } from "./schema";

export const ERASED_NAME = "Erased person";

/** The address an erased record keeps: unique, and never deliverable (RFC 6761 .invalid). */
export function erasedEmail(id: string): string {
  return `erased-${id}@invalid`;
}

/** Leads with this address (any case). */
export async function leadIdsByEmail(executor: DatabaseExecutor, email: string): Promise<{ id: string; email: string }[]> {
  return executor
    .select({ id: leads.id, email: leads.email })
    .from(leads)
    .where(sql`lower(${leads.email}) = lower(${email})`);
}

export async function leadEmailOf(executor: DatabaseExecutor, leadId: string): Promise<string | null> {
  const [lead] = await executor.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
  return lead?.email ?? null;
}

/**
 * Replaces what identifies the person behind a lead (name, e-mail, phone, message, notes and the
 * texts of its history); the lead stays, with its status, source, tier and dates, so counts and
 * reports still add up. Runs in the caller's transaction.
 */
export async function eraseLeadPersonalData(tx: DatabaseExecutor, leadId: string): Promise<void> {
  await tx
    .update(leads)
    .set({ name: ERASED_NAME, email: erasedEmail(leadId), phone: null, message: null })
    .where(eq(leads.id, leadId));
  // Notes and e-mail events carry typed text and addresses; the event itself (what happened, when) stays.
  await tx
    .update(leadTimelineEvents)
    .set({ data: sql`(${leadTimelineEvents.data} - 'note' - 'text' - 'message' - 'to' - 'name' - 'email' - 'phone' - 'subject') || '{"erased": true}'::jsonb` })
    .where(eq(leadTimelineEvents.leadId, leadId));
}
