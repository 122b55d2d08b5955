import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify/sync";
import { format } from "date-fns/format";
import { strToU8, zipSync } from "fflate";
import { csvCellText } from "~/lists/csv-cells";
import { db } from "~/db/connection.server";
import { formatDateTime } from "~/formatting/dates";
import { findPerson, personalColumnsOf, type FoundTable } from "./person-data.server";

/**
 * A person's own export (GDPR Art. 15): everything the registry finds for an address, one CSV per
 * table (every column, as stored) and a readable summary of what each record says about them.
 */
export type PersonExport = { fileName: string; zip: Uint8Array; records: number };

/** A timestamp as the database writes it (`2026-11-25 17:56:37.082+00`). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)$/;

function readable(value: unknown, timeZone: string): string {
  if (value instanceof Date) return formatDateTime(value, timeZone);
  if (typeof value === "string" && TIMESTAMP.test(value)) return formatDateTime(new Date(value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")), timeZone);
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

function summaryOf(email: string, found: FoundTable[], organization: string, timeZone: string, now: Date): string {
  const lines = [
    `Personal data held about ${email}`,
    `by ${organization}, as of ${formatDateTime(now, timeZone)} (${timeZone}).`,
    "",
    "Each record below is in full in the CSV file of its table. The lines under a record are its fields that can hold personal data.",
    "",
  ];
  for (const table of found) {
    lines.push(`${table.table}.csv: ${table.rows.length} record${table.rows.length === 1 ? "" : "s"}`);
    const personal = personalColumnsOf(table.table);
    for (const row of table.rows) {
      const fields = personal.filter((column) => row[column] !== null && row[column] !== undefined && row[column] !== "").map((column) => `${column}: ${readable(row[column], timeZone)}`);
      const when = row.created_at ?? row.sent_at ?? row.occurred_at;
      lines.push(`  - ${when ? `${readable(when, timeZone)}: ` : ""}${fields.length > 0 ? fields.join("; ") : "(no personal fields; ids and dates only)"}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

function csvOf(rows: Record<string, unknown>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  return `\uFEFF${stringify([columns, ...rows.map((row) => columns.map((column) => csvCellText(row[column])))])}`;
}

/** The export's zip; refused (404) when nothing is held about the address. */
export async function personExport(email: string, { organization, timeZone, now = new Date() }: { organization: string; timeZone: string; now?: Date }): Promise<PersonExport> {
  const { found } = await findPerson(db(), { email });
  const files: Record<string, Uint8Array> = { "summary.txt": strToU8(summaryOf(email.trim().toLowerCase(), found, organization, timeZone, now)) };
  for (const table of found) files[`${table.table}.csv`] = strToU8(csvOf(table.rows));
  const day = format(new TZDate(now, timeZone), "yyyy-MM-dd");
  return {
    fileName: `personal-data-${day}.zip`,
    zip: zipSync(files, { level: 6, mtime: now }),
    records: found.reduce((sum, table) => sum + table.rows.length, 0),
  };
}
