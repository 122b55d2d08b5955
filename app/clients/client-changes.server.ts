import { eq, sql } from "drizzle-orm";
import type { Actor } from "~/audit/actor";
import type { AuditActions } from "~/audit/audit-actions";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, type Refusal } from "~/refusal/refusal";
import type { ClientStatus, PaymentStatus } from "./client-options";
import { clients, type Client, type NewClient } from "./schema";

// What every change to some of a client's fields does (the status selects, the rows save, the
// edit form, the notes, archiving, the portal's own details): one kind of change, one audit path.

export const CLIENT_GONE = "This client no longer exists.";

/** The client actions that save fields: their details are the changed fields' names and their own facts. */
type ClientFieldAction = "client.update" | "client.update-own-details" | "client.status" | "client.payment" | "client.notes" | "client.archive";

export type ClientChange = {
  [Action in ClientFieldAction]: {
    values: Partial<NewClient>;
    /** The audit entry's action, `client.{intent}`, and what it says of the client as it was. */
    action: Action;
    summary: (before: Client) => string;
    details?: (before: Client) => Omit<AuditActions[Action], "changed">;
  };
}[ClientFieldAction];

/**
 * Saves some of a client's fields with the change's audit entry, in one transaction. Saving what is
 * already there changes and records nothing; a client deleted meanwhile is refused (404) with `missing`.
 */
export async function changeClient(actor: Actor, clientId: string, change: ClientChange, missing: () => Refusal = () => notFound(CLIENT_GONE)): Promise<Client> {
  return db().transaction((tx) => changeClientIn(tx, actor, clientId, change, missing));
}

/** The same change, in the caller's transaction. */
export async function changeClientIn(tx: DatabaseExecutor, actor: Actor, clientId: string, change: ClientChange, missing: () => Refusal): Promise<Client> {
  const [before] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
  if (!before) throw missing();
  const changed = (Object.keys(change.values) as (keyof NewClient)[]).filter((field) => change.values[field] !== before[field]);
  if (changed.length === 0) return before;
  const [client] = await tx
    .update(clients)
    .set({ ...change.values, updatedAt: sql`now()` })
    .where(eq(clients.id, clientId))
    .returning();
  if (!client) throw missing();
  await recordAuditEntry(tx, actor, {
    action: change.action,
    entityType: "client",
    entityId: clientId,
    summary: change.summary(before),
    details: { changed, ...change.details?.(before) },
  });
  return client;
}

/** A status change from the list (a select, or its rows saved) refused as the list words it. */
export const statusNotUpdated = () => notFound("Failed to update status");

export function statusChange(status: ClientStatus): ClientChange {
  return {
    values: { status },
    action: "client.status",
    summary: (before) => `Changed a client's status from ${before.status} to ${status}`,
    details: (before) => ({ from: before.status, to: status }),
  };
}

export function paymentStatusChange(paymentStatus: PaymentStatus): ClientChange {
  return {
    values: { paymentStatus },
    action: "client.payment",
    summary: (before) => `Changed a client's payment status from ${before.paymentStatus} to ${paymentStatus}`,
    details: (before) => ({ from: before.paymentStatus, to: paymentStatus }),
  };
}
