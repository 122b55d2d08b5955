import { csvExportResponse } from "~/lists/csv-export.server";
import { formatDate } from "~/formatting/dates";
import type { ClientListView } from "./client-list-view";
import { clientsInViewBatches } from "./client-lists.server";
import type { Client } from "./schema";

/** The Clients Directory's view (search, filters, sort), every page of it, as a streamed CSV download (`clients-YYYY-MM-DD.csv`). */
export function clientsCsvResponse(view: ClientListView, timeZone: string, now = new Date()): Response {
  return csvExportResponse<Client>({
    baseName: "clients",
    timeZone,
    now,
    batches: clientsInViewBatches(view),
    columns: [
      { header: "Name", value: (client) => client.name },
      { header: "Email", value: (client) => client.email },
      { header: "Phone", value: (client) => client.phone },
      { header: "Tier", value: (client) => client.tier },
      { header: "Status", value: (client) => client.status },
      { header: "Payment Status", value: (client) => client.paymentStatus },
      { header: "Project Link", value: (client) => client.projectLink },
      { header: "Notes", value: (client) => client.notes },
      { header: "Created", value: (client) => formatDate(client.createdAt, timeZone) },
    ],
  });
}
