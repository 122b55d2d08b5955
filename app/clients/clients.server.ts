import { randomInt } from "node:crypto";
import { and, count, eq, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { clientPortalActor, type Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, type Refusal } from "~/refusal/refusal";
import { awaitingReply, publish } from "~/events/domain-events";
import type { FirstInvoice } from "./events";
import { addLeadForClient } from "~/leads/lead-booking-status.server";
import { keysetBatchesOf, keysetPage, type KeysetOrder, type KeysetPage, type KeysetRead } from "~/lists/keyset-page.server";
import type { KeysetCursor } from "~/lists/list-view";
import { searchCondition } from "~/lists/search-condition.server";
import type { AddClientInput, ClientOwnDetailsInput, ClientRowStatuses, EditClientInput } from "./client-form";
import type { ClientListView, ClientSortKey } from "./client-list-view";
import type { ClientStatus, PaymentStatus } from "./client-options";
import { mintReferralCode } from "./referral-code";
import { clients, type Client, type NewClient } from "./schema";

export const CLIENTS_PAGE_SIZE = 25;

/** What a row of the clients list shows: the list reads only these (as the leads list, decision 043). */
const CLIENT_ROW_COLUMNS = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  tier: clients.tier,
  status: clients.status,
  paymentStatus: clients.paymentStatus,
  projectLink: clients.projectLink,
  createdAt: clients.createdAt,
};

export type ClientRow = Pick<Client, keyof typeof CLIENT_ROW_COLUMNS>;

export type ClientListPage = KeysetPage<ClientRow> & {
  /** Clients matching the filters, over all pages. */
  total: number;
};

/** The WHERE of the list and of its CSV export: search on name or e-mail (case-insensitive), status, payment. */
function clientViewCondition(view: Pick<ClientListView, "q" | "status" | "payment">): SQL | undefined {
  return and(
    searchCondition(view.q, [clients.name, clients.email]),
    view.status ? eq(clients.status, view.status) : undefined,
    view.payment ? eq(clients.paymentStatus, view.payment) : undefined,
  );
}

const SORT_COLUMNS: Record<ClientSortKey, { by: AnyColumn; valueKind: KeysetOrder["valueKind"]; value(client: ClientRow): string }> = {
  created: { by: clients.createdAt, valueKind: "time", value: (client) => client.createdAt.toISOString() },
  name: { by: clients.name, valueKind: "text", value: (client) => client.name },
  email: { by: clients.email, valueKind: "text", value: (client) => client.email },
  tier: { by: clients.tier, valueKind: "text", value: (client) => client.tier },
};

type ClientViewRead<Row> = (query: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>;

/** A view's order, its query (whose columns the caller reads) and a row's place in it: what the list's pages and the export's batches are cut from. */
function viewKeyset<Row extends ClientRow>(view: ClientListView, read: ClientViewRead<Row>): [KeysetOrder, KeysetRead<Row>, (client: Row) => KeysetCursor] {
  const sort = SORT_COLUMNS[view.sort.key];
  return [
    { by: sort.by, tieBreaker: clients.id, direction: view.sort.direction, valueKind: sort.valueKind },
    ({ beyond, orderBy, limit }) => read({ where: and(clientViewCondition(view), beyond), orderBy, limit }),
    (client) => ({ value: sort.value(client), id: client.id }),
  ];
}

/** One page of a view (newest first unless it says otherwise), by keyset: page 1000 costs what page 1 costs. */
export async function listClients(query: { view: ClientListView; after?: string | null; before?: string | null; pageSize?: number }): Promise<ClientListPage> {
  const [page, [counted]] = await Promise.all([
    keysetPage(
      { after: query.after, before: query.before, size: query.pageSize ?? CLIENTS_PAGE_SIZE },
      ...viewKeyset(query.view, ({ where, orderBy, limit }) => db().select(CLIENT_ROW_COLUMNS).from(clients).where(where).orderBy(...orderBy).limit(limit)),
    ),
    db().select({ total: count() }).from(clients).where(clientViewCondition(query.view)),
  ]);
  return { ...page, total: counted?.total ?? 0 };
}

/** Every client of a view in the view's order, a batch at a time (the streamed CSV export). */
export function clientsInViewBatches(view: ClientListView, batchSize = 1000): AsyncGenerator<Client[]> {
  return keysetBatchesOf(...viewKeyset(view, ({ where, orderBy, limit }) => db().select().from(clients).where(where).orderBy(...orderBy).limit(limit)), batchSize);
}

export async function findClient(clientId: string, executor: DatabaseExecutor = db()): Promise<Client | undefined> {
  const [client] = await executor.select().from(clients).where(eq(clients.id, clientId));
  return client;
}

/**
 * Add Client: the client (status active, payment pending) and its draft invoice priced from the
 * tier catalog, in one transaction. A client added by hand has no lead, so no promo applies.
 */
export async function addClient(actor: Actor, input: AddClientInput): Promise<{ client: Client; invoice: FirstInvoice }> {
  return db().transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        tier: input.tier,
        notes: input.notes,
        status: "active",
        referralCode: mintReferralCode((size) => randomInt(size)),
        paymentStatus: "pending",
      })
      .returning();
    if (!client) throw new Error("The client was not saved");
    const added = { client, tier: input.tier, firstInvoice: awaitingReply<FirstInvoice>() };
    await publish(tx, "client.added", added);
    const invoice = added.firstInvoice.value;
    if (!invoice) throw new Error("No first invoice was drafted for the new client");
    await recordAuditEntry(tx, actor, {
      action: "client.create",
      entityType: "client",
      entityId: client.id,
      summary: `Added a tier ${input.tier} client with draft invoice ${invoice.invoiceNumber}`,
      details: { tier: input.tier, invoiceId: invoice.id },
    });
    return { client, invoice };
  });
}

const CLIENT_GONE = "This client no longer exists.";

type ClientChange = {
  values: Partial<NewClient>;
  /** The audit entry's action, `client.{intent}`, and what it says of the client as it was. */
  action: string;
  summary: (before: Client) => string;
  details?: (before: Client) => Record<string, unknown>;
};

/**
 * Saves some of a client's fields with the change's audit entry, in one transaction. Saving what is
 * already there changes and records nothing; a client deleted meanwhile is refused (404) with `missing`.
 */
async function changeClient(actor: Actor, clientId: string, change: ClientChange, missing: () => Refusal = () => notFound(CLIENT_GONE)): Promise<Client> {
  return db().transaction((tx) => changeClientIn(tx, actor, clientId, change, missing));
}

async function changeClientIn(tx: DatabaseExecutor, actor: Actor, clientId: string, change: ClientChange, missing: () => Refusal): Promise<Client> {
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

const statusNotUpdated = () => notFound("Failed to update status");

function statusChange(status: ClientStatus): ClientChange {
  return {
    values: { status },
    action: "client.status",
    summary: (before) => `Changed a client's status from ${before.status} to ${status}`,
    details: (before) => ({ from: before.status, to: status }),
  };
}

function paymentStatusChange(paymentStatus: PaymentStatus): ClientChange {
  return {
    values: { paymentStatus },
    action: "client.payment",
    summary: (before) => `Changed a client's payment status from ${before.paymentStatus} to ${paymentStatus}`,
    details: (before) => ({ from: before.paymentStatus, to: paymentStatus }),
  };
}

export function setClientStatus(actor: Actor, clientId: string, status: ClientStatus) {
  return changeClient(actor, clientId, statusChange(status), statusNotUpdated);
}

export function setClientPaymentStatus(actor: Actor, clientId: string, paymentStatus: PaymentStatus) {
  return changeClient(actor, clientId, paymentStatusChange(paymentStatus), statusNotUpdated);
}

/**
 * The list's rows saved at once (its form posted without JavaScript): each row's status and
 * payment status, in one transaction, each change with its own audit entry as a select's change
 * has; an unchanged row records nothing. A client deleted meanwhile refuses the whole save.
 */
export async function saveClientRows(actor: Actor, rows: ClientRowStatuses[]): Promise<void> {
  await db().transaction(async (tx) => {
    for (const row of rows) {
      if (row.status) await changeClientIn(tx, actor, row.clientId, statusChange(row.status), statusNotUpdated);
      if (row.paymentStatus) await changeClientIn(tx, actor, row.clientId, paymentStatusChange(row.paymentStatus), statusNotUpdated);
    }
  });
}

export function updateClient(actor: Actor, clientId: string, input: EditClientInput) {
  return changeClient(actor, clientId, {
    values: input,
    action: "client.update",
    summary: () => "Updated a client's details",
    details: () => ({ tier: input.tier, status: input.status, paymentStatus: input.paymentStatus }),
  });
}

/** The client's own correction of their phone and business name, from the client portal. */
export function updateClientOwnDetails(clientId: string, input: ClientOwnDetailsInput) {
  return changeClient(clientPortalActor(), clientId, {
    values: input,
    action: "client.update-own-details",
    summary: () => "The client corrected their details in the client portal",
  });
}

export function saveClientNotes(actor: Actor, clientId: string, notes: string | null) {
  return changeClient(actor, clientId, { values: { notes }, action: "client.notes", summary: () => "Saved a client's internal notes" });
}

/** Archive: the way to put away a client whose invoices must be kept. */
export function archiveClient(actor: Actor, clientId: string) {
  return changeClient(actor, clientId, {
    values: { status: "archived" },
    action: "client.archive",
    summary: () => "Archived a client",
    details: (before) => ({ from: before.status }),
  });
}

/**
 * Deletes a client with its projects, consultations and unsent draft invoices (the one every new
 * client gets, and any other never sent: no financial record yet), all in one transaction. A
 * client with an invoice that was sent, viewed or paid is refused (the invoice is a financial
 * record; the foreign key refuses too), and the page offers Archive instead.
 */
export async function deleteClient(actor: Actor, clientId: string): Promise<Client> {
  const title = "Failed to delete client";
  return db().transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
    if (!client) throw notFound(CLIENT_GONE, { title });
    // Its invoices decide: sent or paid ones refuse the deletion; unsent drafts go with the client.
    const deleting = { client, actor, refusalTitle: title, deletedDrafts: awaitingReply<string[]>() };
    await publish(tx, "client.deleting", deleting);
    const drafts = deleting.deletedDrafts.value ?? [];
    await tx.delete(clients).where(eq(clients.id, clientId));
    await recordAuditEntry(tx, actor, {
      action: "client.delete",
      entityType: "client",
      entityId: clientId,
      summary: drafts.length > 0 ? `Deleted a client with ${drafts.length} unsent draft invoice(s)` : "Deleted a client",
      ...(drafts.length > 0 ? { details: { draftInvoices: drafts } } : {}),
    });
    return client;
  });
}

/**
 * The lead behind a client, for invitations (they belong to a lead). A client added by hand has
 * none: it gets one now, marked converted and linked to the client, in the caller's transaction.
 */
export async function leadIdOfClient(tx: DatabaseExecutor, clientId: string): Promise<string> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
  if (!client) throw notFound("Client not found");
  if (client.leadId) return client.leadId;
  const leadId = await addLeadForClient(tx, client);
  if (!leadId) throw new Error("The lead for the client was not saved");
  await tx.update(clients).set({ leadId }).where(eq(clients.id, client.id));
  return leadId;
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
