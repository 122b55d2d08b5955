import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { queryRows, type DatabaseExecutor } from "./connection.server";
import type { Person, TableDeclaration } from "./personal-data";

/**
 * The two things a declaration does to its table (app/db/personal-data.ts): find the person's rows
 * and erase them as its rules say. Each domain calls these on its own tables only, from its
 * `personal-data.server.ts`.
 */

function rowsOf(declaration: TableDeclaration, person: Person, where?: SQL): SQL {
  if (where) return where;
  if (!declaration.rows) throw new Error(`${getTableConfig(declaration.table).name} declares no rows of a person`);
  return declaration.rows(person);
}

/** The person's rows of a declared table, every column (the database's names), for their export. */
export async function findDeclaredRows(executor: DatabaseExecutor, declaration: TableDeclaration, person: Person, where?: SQL): Promise<Record<string, unknown>[]> {
  const { name } = getTableConfig(declaration.table);
  return queryRows(executor, sql`select * from ${sql.identifier(name)} where ${rowsOf(declaration, person, where)}`);
}

/**
 * Erases the person's rows of a declared table: deletes them, or sets each personal column as its
 * rule says (blank: null; replace: its expression). `where` narrows to rows found beforehand.
 * Answers how many rows it changed.
 */
export async function eraseDeclaredRows(executor: DatabaseExecutor, declaration: TableDeclaration, person: Person, where?: SQL): Promise<number> {
  const { name } = getTableConfig(declaration.table);
  const columns = getTableColumns(declaration.table);
  const condition = rowsOf(declaration, person, where);
  if (declaration.erase === "delete the rows") {
    const deleted = await queryRows(executor, sql`delete from ${sql.identifier(name)} where ${condition} returning 1 as deleted`);
    return deleted.length;
  }
  const assignments: SQL[] = [];
  for (const [key, rule] of Object.entries(declaration.columns)) {
    if (!rule || rule.holds !== "personal") continue;
    const column = columns[key];
    if (!column) throw new Error(`${name}.${key} is declared but is not a column`);
    if (rule.erase === "blank") assignments.push(sql`${sql.identifier(column.name)} = null`);
    else if (rule.erase === "replace") assignments.push(sql`${sql.identifier(column.name)} = ${rule.by(person)}`);
  }
  if (assignments.length === 0) return 0;
  const updated = await queryRows(executor, sql`update ${sql.identifier(name)} set ${sql.join(assignments, sql`, `)} where ${condition} returning 1 as updated`);
  return updated.length;
}

/** One domain's part of the registry: its tables' declarations and what it does with a person. */
export type DomainPersonalData = {
  domain: string;
  tables: TableDeclaration[];
  /** Adds to `person` what this domain's rows say of them (a lead's address, a client's lead). */
  identify(executor: DatabaseExecutor, person: Person): Promise<void>;
  /** The person's rows, per table name. */
  find(executor: DatabaseExecutor, person: Person): Promise<{ table: string; rows: Record<string, unknown>[] }[]>;
  /** Erases the person's data in this domain's tables, in the caller's transaction. */
  erase(tx: DatabaseExecutor, person: Person): Promise<void>;
};

/**
 * A domain's registry entry. By default its person's rows are found and erased as each table
 * declares; a domain with more to do (revoke a link, stop a schedule) gives its own `erase`.
 */
export function declarePersonalData(domain: Pick<DomainPersonalData, "domain" | "tables"> & Partial<Omit<DomainPersonalData, "domain" | "tables">>): DomainPersonalData {
  const withRows = domain.tables.filter((declaration) => declaration.rows);
  return {
    identify: async () => undefined,
    async find(executor, person) {
      const found = [];
      for (const declaration of withRows) found.push({ table: getTableConfig(declaration.table).name, rows: await findDeclaredRows(executor, declaration, person) });
      return found;
    },
    async erase(tx, person) {
      for (const declaration of withRows) await eraseDeclaredRows(tx, declaration, person);
    },
    ...domain,
  };
}
