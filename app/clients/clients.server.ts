import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "~/forms/zod";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { notFound, Refusal } from "~/forms/refusal";
import { createDraftInvoice } from "~/invoices/draft-invoice.server";
import { invoices, type Invoice } from "~/invoices/schema";
import { addLeadForClient } from "~/leads/lead-booking-status.server";
import { DEFAULT_CLIENT_SORT, type AddClientInput, type ClientListFilter, type ClientSortKey, type EditClientInput } from "./client-form";
import { decodeKeysetCursor, encodeKeysetCursor, type SortDirection, type TableSort } from "~/lists/list-view";
import { keysetBatches } from "~/lists/csv-export.server";
import type { ClientStatus, PaymentStatus } from "./client-options";
import { mintReferralCode } from "./referral-code";
import { clients, type Client } from "./schema";

export const CLIENTS_PAGE_SIZE = 25;

export type ClientListQuery = ClientListFilter & {
  sort?: TableSort<ClientSortKey>;
  after?: string | null;
  before?: string | null;
  pageSize?: number;
};

export type ClientListPage = {
  clients: Client[];
  /** Clients matching the filters, over all pages. */
  total: number;
  nextCursor: string | null;
  previousCursor: string | null;
};

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The WHERE of the list and of its CSV export: search on name or e-mail (case-insensitive), status, payment. */
export function clientFilterCondition(filter: ClientListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const term = filter.q.trim();
  if (term) conditions.push(or(ilike(clients.name, containsPattern(term)), ilike(clients.email, containsPattern(term))));
  if (filter.status) conditions.push(eq(clients.status, filter.status));
  if (filter.payment) conditions.push(eq(clients.paymentStatus, filter.payment));
  return and(...conditions);
}

/**
 * The created_at of a row exactly (microseconds, as text), as the keyset cursor carries it: a JS
 * Date keeps only milliseconds, which would skip or repeat clients made in the same millisecond.
 */
const createdAtKey = sql<string>`to_char(${clients.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const createdAtKeyPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const cursorId = z.uuid();

/** Each sort: its column, the value a cursor carries for it (as SQL text), and that value back as SQL. */
const SORTS: Record<ClientSortKey, { column: AnyColumn; key: SQL<string>; valid(value: string): boolean; asSql(value: string): SQL }> = {
  created: { column: clients.createdAt, key: createdAtKey, valid: (value) => createdAtKeyPattern.test(value), asSql: (value) => sql`${value}::timestamptz` },
  name: { column: clients.name, key: sql<string>`${clients.name}`, valid: () => true, asSql: (value) => sql`${value}` },
  email: { column: clients.email, key: sql<string>`${clients.email}`, valid: () => true, asSql: (value) => sql`${value}` },
  tier: { column: clients.tier, key: sql<string>`${clients.tier}`, valid: () => true, asSql: (value) => sql`${value}` },
};

type ClientPosition = { value: string; id: string };

/** Null for anything this app did not write (a tampered link shows page 1). */
function decodeClientCursor(raw: string | null | undefined, sortKey: ClientSortKey): ClientPosition | null {
  const cursor = decodeKeysetCursor(raw);
  if (cursor?.value == null || !SORTS[sortKey].valid(cursor.value) || !cursorId.safeParse(cursor.id).success) return null;
  return { value: cursor.value, id: cursor.id };
}

/** Rows strictly beyond the boundary row in the reading direction: `(column, id) > / < (value, id)`. */
function beyond(sortKey: ClientSortKey, position: ClientPosition, direction: SortDirection): SQL {
  const { column, asSql } = SORTS[sortKey];
  return direction === "desc"
    ? sql`(${column}, ${clients.id}) < (${asSql(position.value)}, ${position.id}::uuid)`
    : sql`(${column}, ${clients.id}) > (${asSql(position.value)}, ${position.id}::uuid)`;
}

/** Clients filtered and sorted (newest first by default), by keyset: page 1000 costs what page 1 costs. */
export async function listClients(query: ClientListQuery): Promise<ClientListPage> {
  const pageSize = query.pageSize ?? CLIENTS_PAGE_SIZE;
  const sort = query.sort ?? DEFAULT_CLIENT_SORT;
  const after = decodeClientCursor(query.after, sort.key);
  const before = after ? null : decodeClientCursor(query.before, sort.key);
  const filter = clientFilterCondition(query);
  // Going back, read the rows before the boundary in the opposite order, then turn them round.
  const readDirection: SortDirection = before ? (sort.direction === "asc" ? "desc" : "asc") : sort.direction;
  const boundary = after ?? before;
  const order = readDirection === "desc" ? desc : asc;
  const { column, key } = SORTS[sort.key];

  const [rows, [counted]] = await Promise.all([
    db()
      .select({ client: clients, key })
      .from(clients)
      .where(and(filter, boundary ? beyond(sort.key, boundary, readDirection) : undefined))
      .orderBy(order(column), order(clients.id))
      .limit(pageSize + 1),
    db().select({ total: count() }).from(clients).where(filter),
  ]);

  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const cursorOf = (row: (typeof rows)[number]) => encodeKeysetCursor({ value: row.key, id: row.client.id });
  const hasPrevious = before ? hasMore : Boolean(after);
  const hasNext = before ? true : hasMore;
  return {
    clients: page.map((row) => row.client),
    total: counted?.total ?? 0,
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  };
}

/** The filtered clients, newest first, a batch at a time (for the streamed CSV export). */
export async function* clientExportBatches(filter: ClientListFilter, batchSize = 1000): AsyncGenerator<Client[]> {
  const batches = keysetBatches<{ client: Client; key: string }>(
    (after, size) =>
      db()
        .select({ client: clients, key: createdAtKey })
        .from(clients)
        .where(and(clientFilterCondition(filter), after ? beyond("created", { value: after.key, id: after.client.id }, "desc") : undefined))
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(size),
    batchSize,
  );
  for await (const batch of batches) yield batch.map((row) => row.client);
}

export async function findClient(clientId: string): Promise<Client | undefined> {
  const [client] = await db().select().from(clients).where(eq(clients.id, clientId));
  return client;
}

/**
 * Add Client: the client (status active, payment pending) and its draft invoice priced from the
 * tier catalog, in one transaction. A client added by hand has no lead, so no promo applies.
 */
export async function addClient(input: AddClientInput): Promise<{ client: Client; invoice: Invoice }> {
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
    const { promoApplied: _promoApplied, ...invoice } = await createDraftInvoice(tx, { clientId: client.id, tier: input.tier });
    return { client, invoice };
  });
}

const CLIENT_GONE = "This client no longer exists.";

/** Saves some of a client's fields; a client deleted meanwhile is refused (404) with `missing`. */
async function updateClientRow(
  clientId: string,
  values: Partial<typeof clients.$inferInsert>,
  missing: () => Refusal = () => notFound(CLIENT_GONE),
): Promise<Client> {
  const [client] = await db()
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clients.id, clientId))
    .returning();
  if (!client) throw missing();
  return client;
}

const statusNotUpdated = () => notFound("Failed to update status");

export function setClientStatus(clientId: string, status: ClientStatus) {
  return updateClientRow(clientId, { status }, statusNotUpdated);
}

export function setClientPaymentStatus(clientId: string, paymentStatus: PaymentStatus) {
  return updateClientRow(clientId, { paymentStatus }, statusNotUpdated);
}

export function updateClient(clientId: string, input: EditClientInput) {
  return updateClientRow(clientId, input);
}

export function saveClientNotes(clientId: string, notes: string | null) {
  return updateClientRow(clientId, { notes });
}

/** Archive: the way to put away a client whose invoices must be kept. */
export function archiveClient(clientId: string) {
  return updateClientRow(clientId, { status: "archived" });
}

/**
 * Deletes a client with its projects and consultations, but never one with invoices: invoices are
 * financial records (the foreign key refuses too), so that is refused and the page offers Archive.
 */
export async function deleteClient(clientId: string): Promise<Client> {
  const title = "Failed to delete client";
  return db().transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
    if (!client) throw notFound(CLIENT_GONE, { title });
    const [counted] = await tx.select({ total: count() }).from(invoices).where(eq(invoices.clientId, clientId));
    const invoiceCount = counted?.total ?? 0;
    if (invoiceCount > 0) {
      throw new Refusal(`${client.name} has ${invoiceCount} invoice(s), which must be kept. Archive the client instead.`, { status: 409, title });
    }
    await tx.delete(clients).where(eq(clients.id, clientId));
    return client;
  });
}

export async function countClientInvoices(clientId: string): Promise<number> {
  const [row] = await db().select({ total: count() }).from(invoices).where(eq(invoices.clientId, clientId));
  return row?.total ?? 0;
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
