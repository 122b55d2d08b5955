import { and, eq, ne, sql } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { clients, type Client } from "./schema";

/** A client by id, or undefined when there is none. */
export async function findClient(clientId: string, executor: DatabaseExecutor = db()): Promise<Client | undefined> {
  const [client] = await executor.select().from(clients).where(eq(clients.id, clientId));
  return client;
}

/** The client a lead became, if any: their booking mail then points to the client portal. */
export async function findClientIdOfLead(executor: DatabaseExecutor, leadId: string): Promise<string | null> {
  const [client] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.leadId, leadId)).limit(1);
  return client?.id ?? null;
}

/** The clients with this e-mail address (any case), not archived, newest first: who may sign in to the client portal with it. */
export async function findClientsByAddress(address: string, { limit = 3, executor = db() }: { limit?: number; executor?: DatabaseExecutor } = {}): Promise<Client[]> {
  return executor
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.email}) = ${address.trim().toLowerCase()}`, ne(clients.status, "archived")))
    .orderBy(sql`${clients.createdAt} desc`, sql`${clients.id} desc`)
    .limit(limit);
}
