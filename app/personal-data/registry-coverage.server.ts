import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { DomainPersonalData } from "~/db/personal-data.server";

/** Column types that can hold what a person typed or is called: text of any kind, JSON, and arrays of them. */
const HOLDS_TEXT = /^(text|varchar|character|char|citext|json|jsonb)\b/;

export type CoverageProblem = { table: string; column?: string; problem: string };

/**
 * What the registry misses or gets wrong about the schema's tables: a table no domain declares, a
 * text or JSON column no declaration classifies, a declared column the table does not have, a table
 * declared twice. Empty when the registry covers the schema.
 */
export function registryCoverage(schema: Record<string, unknown>, registry: DomainPersonalData[]): CoverageProblem[] {
  const problems: CoverageProblem[] = [];
  const declared = new Map<string, { domain: string; columns: Record<string, unknown> }>();
  for (const domain of registry) {
    for (const declaration of domain.tables) {
      const name = getTableName(declaration.table);
      const earlier = declared.get(name);
      if (earlier) problems.push({ table: name, problem: `declared by ${earlier.domain} and by ${domain.domain}` });
      declared.set(name, { domain: domain.domain, columns: declaration.columns });
      const columns = getTableColumns(declaration.table);
      for (const key of Object.keys(declaration.columns)) if (!columns[key]) problems.push({ table: name, column: key, problem: "declared, but the table has no such column" });
    }
  }
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    const declaration = declared.get(name);
    if (!declaration) {
      problems.push({ table: name, problem: "no domain declares what this table holds about people" });
      continue;
    }
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      if (HOLDS_TEXT.test(column.getSQLType()) && declaration.columns[key] === undefined) {
        problems.push({ table: name, column: key, problem: `a ${column.getSQLType()} column the registry does not classify` });
      }
    }
  }
  return problems;
}
