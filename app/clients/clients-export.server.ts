import { and, desc, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { db } from "~/db/connection.server";
import { formatDate } from "~/ui/date-format";
import type { ClientListFilter } from "./client-form";
import { clientFilterCondition } from "./clients.server";
import { clients } from "./schema";

const BATCH_SIZE = 500;

const COLUMNS = ["Name", "Email", "Phone", "Tier", "Status", "Payment Status", "Project Link", "Notes", "Created"];

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a
 * leading apostrophe, so an exported list can never execute what someone typed into a form.
 */
function neutralized(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The filtered clients as CSV, produced batch by batch (keyset) as the reader pulls, so the
 * export of any number of clients holds one batch in memory.
 */
export function clientsCsvStream(filter: ClientListFilter, timeZone: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = clientFilterCondition(filter);
  let cursor: { createdAt: string; id: string } | null = null;
  let headerWritten = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerWritten) {
        headerWritten = true;
        controller.enqueue(encoder.encode(stringify([COLUMNS])));
        return;
      }
      const position = cursor
        ? sql`(${clients.createdAt}, ${clients.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined;
      const rows = await db()
        .select({
          client: clients,
          key: sql<string>`to_char(${clients.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(clients)
        .where(and(where, position))
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(BATCH_SIZE);
      if (rows.length > 0) {
        const records = rows.map(({ client }) =>
          [
            client.name,
            client.email,
            client.phone ?? "",
            client.tier,
            client.status,
            client.paymentStatus,
            client.projectLink ?? "",
            client.notes ?? "",
            formatDate(client.createdAt, timeZone),
          ].map(neutralized),
        );
        controller.enqueue(encoder.encode(stringify(records)));
        const last = rows[rows.length - 1];
        if (last) cursor = { createdAt: last.key, id: last.client.id };
      }
      if (rows.length < BATCH_SIZE) controller.close();
    },
  });
}

/** `clients-2026-11-23.csv`: the business-local date of the export. */
export function clientsCsvFileName(now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `clients-${day}.csv`;
}
