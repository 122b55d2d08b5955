import { and, count, eq, type AnyColumn, type SQL } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { keysetBatchesOf, keysetPage, type KeysetOrder, type KeysetPage, type KeysetRead, pageRequest, type PageQuery } from "~/lists/keyset-page.server";
import type { KeysetCursor } from "~/lists/list-view";
import { searchCondition } from "~/lists/search-condition.server";
import type { ClientListView, ClientSortKey } from "./client-list-view";
import { clients, type Client } from "./schema";

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
export async function listClients(query: PageQuery & { view: ClientListView }): Promise<ClientListPage> {
  const [page, [counted]] = await Promise.all([
    keysetPage(
      pageRequest(query, CLIENTS_PAGE_SIZE),
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
