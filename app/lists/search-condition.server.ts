import { ilike, or, type AnyColumn, type SQL } from "drizzle-orm";

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A list's search box: rows where any of these columns contains what was typed (any case); none when nothing was typed. */
export function searchCondition(search: string, columns: readonly (AnyColumn | SQL)[]): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}
