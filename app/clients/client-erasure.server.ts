import { eq, inArray, sql } from "drizzle-orm";
import type { DatabaseExecutor } from "~/db/connection.server";
import { ERASED_NAME, erasedEmail } from "~/leads/lead-erasure.server";
import { clients } from "./schema";

/** Clients with this address (any case) or made from one of these leads. */
export async function clientsOfPerson(executor: DatabaseExecutor, email: string | null, leadIds: string[]): Promise<{ id: string; email: string; leadId: string | null }[]> {
  const byEmail = email ? sql`lower(${clients.email}) = lower(${email})` : sql`false`;
  const byLead = leadIds.length > 0 ? inArray(clients.leadId, leadIds) : sql`false`;
  return executor.select({ id: clients.id, email: clients.email, leadId: clients.leadId }).from(clients).where(sql`${byEmail} or ${byLead}`);
}

export async function clientOf(executor: DatabaseExecutor, clientId: string): Promise<{ id: string; email: string; leadId: string | null } | null> {
  const [client] = await executor.select({ id: clients.id, email: clients.email, leadId: clients.leadId }).from(clients).where(eq(clients.id, clientId));
  return client ?? null;
}

/**
 * Replaces what identifies a client (name, e-mail, phone, notes). Their projects and invoices stay,
 * with their numbers and totals: the books must still add up.
 */
export async function eraseClientPersonalData(tx: DatabaseExecutor, clientId: string): Promise<void> {
  await tx
    .update(clients)
    .set({ name: ERASED_NAME, email: erasedEmail(clientId), phone: null, notes: null })
    .where(eq(clients.id, clientId));
}
