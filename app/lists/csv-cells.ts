/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / carriage return
 * before one) as a formula: a lead named `=HYPERLINK(...)` would run in the
 * admin's Excel. OWASP's advice: prefix such a cell with a single quote, which
 * spreadsheets show as text. Pure; every exported cell goes through it.
 */
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

export function neutraliseCsvCell(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0] ?? "") ? `'${value}` : value;
}

/** Cell text of any exported value: null and undefined are empty, dates are ISO 8601 (UTC), arrays are `; `-joined. */
export function csvCellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return neutraliseCsvCell(value.map((item) => csvCellText(item)).join("; "));
  if (typeof value === "string") return neutraliseCsvCell(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return neutraliseCsvCell(JSON.stringify(value));
}

/** `leads-2026-11-23.csv`: the date (in the business time zone's calendar) says which day's data it is. */
export function csvFileName(baseName: string, isoDay: string): string {
  return `${baseName}-${isoDay}.csv`;
}
