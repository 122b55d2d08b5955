import { desc, eq, sql } from "drizzle-orm";
import { db, queryRows } from "~/db/connection.server";
import { leads, type Lead } from "./schema";

export type LeadToContact = Pick<Lead, "id" | "name" | "email" | "source" | "createdAt">;

/** Counted exactly up to this many; the dashboard says "999+" beyond (a count over a million leads is a scan). */
export const TO_CONTACT_COUNT_CAP = 999;

/**
 * The dashboard's "new leads not yet contacted" (decision 050): the newest leads still `new`, and
 * how many there are (capped), through the (status, created_at) index.
 */
export async function leadsToContact(limit: number): Promise<{ leads: LeadToContact[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db()
      .select({ id: leads.id, name: leads.name, email: leads.email, source: leads.source, createdAt: leads.createdAt })
      .from(leads)
      .where(eq(leads.status, "new"))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(limit),
    queryRows<{ total: number }>(db(), sql`select count(*)::int as total from (select 1 from ${leads} where ${leads.status} = 'new' limit ${TO_CONTACT_COUNT_CAP + 1}) as capped`),
  ]);
  return { leads: rows, total: Number(counted?.total ?? 0) };
}
