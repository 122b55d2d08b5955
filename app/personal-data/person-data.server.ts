import type { Actor } from "~/audit/actor";
import { recordAuditEntry } from "~/audit/audit-log.server";
import { getTableColumns, getTableName } from "drizzle-orm";
import { currentDatabase, db, type DatabaseExecutor } from "~/db/connection.server";
import { newPerson, personSize, type Person } from "~/db/personal-data";
import { notFound } from "~/refusal/refusal";
import { PERSONAL_DATA_REGISTRY } from "./registry.server";

/**
 * A person's data, found and erased through the registry (decision 030): the request names an
 * address, a lead or a client; each domain adds what its rows say of the person (a lead's address,
 * a client's lead, a booking, a sign-up account) until nothing new is learnt; then each domain
 * finds or erases its own rows.
 */
export type PersonRequest = { email: string } | { leadId: string } | { clientId: string };

export type FoundTable = { domain: string; table: string; rows: Record<string, unknown>[] };

export async function identifyPerson(executor: DatabaseExecutor, request: PersonRequest): Promise<Person> {
  const person = newPerson(request);
  for (let round = 0; round < 5; round += 1) {
    const before = personSize(person);
    for (const domain of PERSONAL_DATA_REGISTRY) await domain.identify(executor, person);
    if (personSize(person) === before) break;
  }
  return person;
}

/** Every row of the person's, table by table (tables without one left out). */
export async function findPersonalData(executor: DatabaseExecutor, person: Person): Promise<FoundTable[]> {
  const found: FoundTable[] = [];
  for (const domain of PERSONAL_DATA_REGISTRY) {
    for (const table of await domain.find(executor, person)) if (table.rows.length > 0) found.push({ domain: domain.domain, ...table });
  }
  return found;
}

function nothingFound(request: PersonRequest) {
  if ("leadId" in request) return notFound("This lead no longer exists.");
  if ("clientId" in request) return notFound("This client no longer exists.");
  return notFound("Nothing is held about this e-mail address.", { title: "Nothing found" });
}

/** The person and their rows; refused (404) when nothing is held about them. */
export async function findPerson(executor: DatabaseExecutor, request: PersonRequest): Promise<{ person: Person; found: FoundTable[] }> {
  const person = await identifyPerson(executor, request);
  const found = await findPersonalData(executor, person);
  const named = "leadId" in request ? found.some((table) => table.table === "leads") : "clientId" in request ? found.some((table) => table.table === "clients") : true;
  if (found.length === 0 || !named) throw nothingFound(request);
  return { person, found };
}

export type ErasureOutcome = { leadIds: string[]; clientIds: string[]; rows: number };

/** The audit log's action of an erasure: backups older than its newest entry still hold the erased person. */
export const ERASURE_ACTION = "settings.erase-person";

/**
 * Erases one person's personal data on request (the right to erasure), in every domain, as the
 * registry declares: one transaction, all of it or nothing.
 */
export async function erasePerson(actor: Actor, request: PersonRequest): Promise<ErasureOutcome> {
  const outcome = await db().transaction(async (tx) => {
    const { person, found } = await findPerson(tx, request);
    for (const domain of PERSONAL_DATA_REGISTRY) await domain.erase(tx, person);
    const erased = { leadIds: [...person.leadIds], clientIds: [...person.clientIds], rows: found.reduce((sum, table) => sum + table.rows.length, 0) };
    const [leadId] = erased.leadIds;
    const [clientId] = erased.clientIds;
    await recordAuditEntry(tx, actor, {
      action: ERASURE_ACTION,
      entityType: leadId ? "lead" : clientId ? "client" : null,
      entityId: leadId ?? clientId ?? null,
      summary: `Personal data erased (${erased.leadIds.length} lead(s), ${erased.clientIds.length} client(s), ${erased.rows} record(s))`,
      details: { leadIds: erased.leadIds, clientIds: erased.clientIds, records: erased.rows },
    });
    return erased;
  });
  // Every table that can hold a person's rows: an older version of theirs may linger where they have no row today.
  await currentDatabase().reclaimErasedRows?.(PERSONAL_DATA_REGISTRY.flatMap((domain) => domain.tables.filter((table) => table.rows).map((table) => getTableName(table.table))));
  return outcome;
}

/** The registry's personal columns of a table (their database names), for the readable summary. */
export function personalColumnsOf(tableName: string): string[] {
  for (const domain of PERSONAL_DATA_REGISTRY) {
    for (const declaration of domain.tables) {
      if (getTableName(declaration.table) !== tableName) continue;
      const columns = getTableColumns(declaration.table);
      return Object.entries(declaration.columns).flatMap(([key, rule]) => (rule?.holds === "personal" && columns[key] ? [columns[key].name] : []));
    }
  }
  return [];
}
