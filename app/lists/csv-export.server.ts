import { stringify } from "csv-stringify/sync";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { csvCellText, csvFileName } from "./csv-cells";
import { fileDownload } from "~/http/file-download";

/**
 * Streams a CSV download: rows are read from the database a batch at a time
 * (keyset, see `keysetBatches`) only as fast as the client reads the response,
 * so a million rows never sit in memory. Each batch is written by csv-stringify
 * (quoting, escaping), each cell neutralised against formula injection.
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

export type CsvExport<Row> = {
  /** File name without date and extension, e.g. "leads". */
  baseName: string;
  columns: CsvColumn<Row>[];
  /** Batches of rows, in the order they go in the file. */
  batches: AsyncIterable<Row[]>;
  /** The business time zone: the file's date is that day there. */
  timeZone: string;
  now?: Date;
};

export function csvExportResponse<Row>({ baseName, columns, batches, timeZone, now = new Date() }: CsvExport<Row>): Response {
  const iterator = batches[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let headerWritten = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerWritten) {
        headerWritten = true;
        // A byte-order mark, so Excel opens the UTF-8 file with accents intact.
        controller.enqueue(encoder.encode(`\uFEFF${stringify([columns.map((column) => column.header)])}`));
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        const records = next.value.map((row) => columns.map((column) => csvCellText(column.value(row))));
        if (records.length > 0) controller.enqueue(encoder.encode(stringify(records)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const day = format(new TZDate(now, timeZone), "yyyy-MM-dd");
  return fileDownload(body, { contentType: "text/csv; charset=utf-8", fileName: csvFileName(baseName, day), cacheControl: "no-store" });
}

/**
 * Pages through a keyset-ordered query: `fetchBatch(after)` returns up to
 * `size` rows after the given boundary row (null: from the start).
 */
export async function* keysetBatches<Row>(
  fetchBatch: (after: Row | null, size: number) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const batch = await fetchBatch(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1] ?? null;
  }
}
