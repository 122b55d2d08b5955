import { getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The personal-data registry's vocabulary (DESIGN.md "Personal data has a registry"; decision
 * 033). Each domain declares, beside its schema (`app/<domain>/personal-data.server.ts`), every
 * text and JSON column of its tables: what it holds, and how a person's rows are found and erased.
 * `app/personal-data/registry.server.ts` gathers the declarations; erasure and a person's export
 * are driven from it, and a test fails on a column nobody classified.
 */

/** Whom a request is about, as far as it is known: grown by each domain's `identify` until it stops growing. */
export type Person = {
  /** Lower-cased. */
  emails: Set<string>;
  leadIds: Set<string>;
  clientIds: Set<string>;
  userIds: Set<string>;
  bookingIds: Set<string>;
};

export function newPerson(start: { email?: string; leadId?: string; clientId?: string }): Person {
  return {
    emails: new Set(start.email ? [start.email.trim().toLowerCase()] : []),
    leadIds: new Set(start.leadId ? [start.leadId] : []),
    clientIds: new Set(start.clientId ? [start.clientId] : []),
    userIds: new Set(),
    bookingIds: new Set(),
  };
}

export function personSize(person: Person): number {
  return person.emails.size + person.leadIds.size + person.clientIds.size + person.userIds.size + person.bookingIds.size;
}

/** How a column is treated when its row's person is erased. */
export type ColumnRule =
  | { holds: "nothing personal"; why: string }
  | { holds: "personal"; erase: "with the row" }
  | { holds: "personal"; erase: "blank" }
  | { holds: "personal"; erase: "replace"; by: (person: Person) => SQL };

/** A column that holds nothing about a person, and why (kept as it is when a person is erased). */
/** The name an erased record keeps. */
export const ERASED_NAME = "Erased person";

/** The address an erased record keeps: unique, and never deliverable (RFC 6761 .invalid). */
export const erasedAddress = (id: AnyPgColumn) => sql`'erased-' || ${id} || '@invalid'`;

export const nothingPersonal = (why: string): ColumnRule => ({ holds: "nothing personal", why });
/** A personal column, set to null. */
export const blank: ColumnRule = { holds: "personal", erase: "blank" };
/** A personal column, given a value without the person (an SQL expression, which may use the row's other columns). */
export const replaceBy = (by: SQL | ((person: Person) => SQL)): ColumnRule => ({ holds: "personal", erase: "replace", by: typeof by === "function" ? by : () => by });
/** A personal column of a table whose person's rows are deleted. */
export const deletedWithRow: ColumnRule = { holds: "personal", erase: "with the row" };

/**
 * Who a person is on their own record (a lead, a client): the name replaced, the address made
 * unique by the row's id and undeliverable, the phone blanked.
 */
export const contactOnOwnRecord = (id: AnyPgColumn) => ({ name: replaceBy(sql`${ERASED_NAME}`), email: replaceBy(erasedAddress(id)), phone: blank });

/** An address found on the person's records joins the ones they are known by, unless it is an erased one. */
export function addKnownAddress(person: Person, email: string): void {
  if (!email.endsWith("@invalid")) person.emails.add(email.toLowerCase());
}

type ColumnKeys<T extends PgTable> = Extract<keyof T["_"]["columns"], string>;

/**
 * One table's declaration. `columns` names its text and JSON columns (others may be named too);
 * `rows` finds the person's rows (absent: the table never holds one); `erase` says whether those
 * rows are deleted or their personal columns blanked and replaced.
 */
export type TableDeclaration<T extends PgTable = PgTable> = {
  table: T;
  columns: Partial<Record<ColumnKeys<T>, ColumnRule>>;
  rows?: (person: Person) => SQL;
  erase?: "delete the rows" | "update the columns";
};

export function declareTable<T extends PgTable>(declaration: TableDeclaration<T>): TableDeclaration {
  return declaration as unknown as TableDeclaration;
}

/** Several columns under one rule ("the agency's own details"), for a declaration's `columns`. */
export function eachColumn<Name extends string>(names: readonly Name[], rule: ColumnRule): Record<Name, ColumnRule> {
  return Object.fromEntries(names.map((name) => [name, rule])) as Record<Name, ColumnRule>;
}

export function tableNameOf(declaration: TableDeclaration): string {
  return getTableName(declaration.table);
}

/** `column` is one of `values`; false for none (an empty list would be invalid SQL). */
export function oneOf(column: AnyPgColumn, values: Set<string>): SQL {
  return values.size > 0 ? inArray(column, [...values]) : sql`false`;
}

/** `column`, any case, is one of the (lower-cased) addresses. */
export function addressOneOf(column: AnyPgColumn, emails: Set<string>): SQL {
  return emails.size > 0 ? sql`lower(${column}) = any(${sql.param([...emails])}::text[])` : sql`false`;
}

/** `column`'s text names one of the addresses anywhere in it (a body, a subject, a JSON document). */
export function mentionsAddress(column: AnyPgColumn | SQL, emails: Set<string>): SQL {
  return emails.size > 0 ? sql`exists (select 1 from unnest(${sql.param([...emails])}::text[]) as address where strpos(lower(${column}::text), address) > 0)` : sql`false`;
}

/**
 * A rate-limit key that names one of the addresses: by the rule every counter follows, such a key
 * ends with the normalized (trimmed, lower-cased) address as its last segment (`inquiry:email:ann@example.com`).
 */
export function keyNamesAddress(column: AnyPgColumn, emails: Set<string>): SQL {
  return emails.size > 0 ? sql`exists (select 1 from unnest(${sql.param([...emails])}::text[]) as address where right(${column}, length(address) + 1) = ':' || address)` : sql`false`;
}
