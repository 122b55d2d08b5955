import { TZDate } from "@date-fns/tz";
import { asc, getTableColumns, getTableName, gt, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { stringify } from "csv-stringify/sync";
import { format } from "date-fns/format";
import { Zip, ZipDeflate } from "fflate";
import { clients } from "~/clients/schema";
import { consultationBookings, consultations } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { emailLogs } from "~/email/schema";
import { invoiceLineItems, invoicePayments, invoices } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { projects } from "~/projects/schema";
import { organizationSettings, packageTiers } from "~/organization/schema";
import { csvCellText } from "~/lists/csv-cells";
import { keysetBatches } from "~/lists/csv-export.server";
import { fileDownload } from "~/http/file-download";

/** The files of 'Export everything', one per table, every column (the database's names as headers). */
const EXPORTED_TABLES: { table: PgTable; key: Column }[] = [
  { table: leads, key: leads.id },
  { table: clients, key: clients.id },
  { table: projects, key: projects.id },
  { table: invoices, key: invoices.id },
  { table: invoiceLineItems, key: invoiceLineItems.id },
  { table: invoicePayments, key: invoicePayments.id },
  { table: consultations, key: consultations.id },
  { table: consultationBookings, key: consultationBookings.id },
  { table: emailLogs, key: emailLogs.id },
  { table: organizationSettings, key: organizationSettings.id },
  { table: packageTiers, key: packageTiers.tier },
];

export function exportedFileNames(): string[] {
  return EXPORTED_TABLES.map(({ table }) => `${getTableName(table)}.csv`);
}

type Row = Record<string, unknown>;

/** One table's rows a batch at a time, in key order (keyset paging: memory stays flat however many rows). */
function tableBatches(table: PgTable, key: Column): AsyncGenerator<Row[]> {
  const keyName = Object.entries(getTableColumns(table)).find(([, column]) => column === key)?.[0] ?? "id";
  return keysetBatches<Row>(
    (after, size) =>
      db()
        .select()
        .from(table)
        .where(after ? gt(key, after[keyName]) : undefined)
        .orderBy(asc(key))
        .limit(size) as Promise<Row[]>,
    500,
  );
}

/**
 * 'Export everything': a zip of CSV files streamed as it is made (fflate), a batch of rows per read
 * of the response, so the export of a large database never sits in memory.
 */
export function fullExportResponse(timeZone: string, now = new Date()): Response {
  const encoder = new TextEncoder();
  let zip: Zip | undefined;
  let tableIndex = 0;
  let current: { entry: ZipDeflate; batches: AsyncGenerator<Row[]>; columns: [string, Column][] } | undefined;

  /** Adds the next piece (a file's header, a batch of rows, a file's end); false once everything is added. */
  const step = async (): Promise<boolean> => {
    if (!zip) return false;
    if (!current) {
      const next = EXPORTED_TABLES[tableIndex];
      if (!next) {
        zip.end();
        return false;
      }
      tableIndex += 1;
      const entry = new ZipDeflate(`${getTableName(next.table)}.csv`, { level: 6 });
      entry.mtime = now;
      zip.add(entry);
      const columns = Object.entries(getTableColumns(next.table)) as [string, Column][];
      // A byte-order mark, so Excel opens the UTF-8 files with accents intact.
      entry.push(encoder.encode(`\uFEFF${stringify([columns.map(([, column]) => column.name)])}`));
      current = { entry, batches: tableBatches(next.table, next.key), columns };
      return true;
    }
    const batch = await current.batches.next();
    if (batch.done) {
      current.entry.push(new Uint8Array(0), true);
      current = undefined;
      return true;
    }
    const columns = current.columns;
    current.entry.push(encoder.encode(stringify(batch.value.map((row) => columns.map(([name]) => csvCellText(row[name]))))));
    return true;
  };

  let produced = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        produced = true;
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    // A pull must hand over at least one chunk (or end): a stream does not pull again on its own.
    async pull() {
      produced = false;
      while (!produced && (await step()));
    },
    async cancel() {
      await current?.batches.return(undefined);
      zip?.terminate();
    },
  });
  const day = format(new TZDate(now, timeZone), "yyyy-MM-dd");
  return fileDownload(body, { contentType: "application/zip", fileName: `agency-export-${day}.zip` });
}
