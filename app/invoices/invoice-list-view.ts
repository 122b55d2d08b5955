import { INVOICE_STATUSES, type InvoiceStatus } from "./invoice-options";

/** What the invoices list shows, read from the URL: `status`, `client`, `after` / `before`. */
export type InvoiceListView = { status: InvoiceStatus | null; clientId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readInvoiceListView(params: URLSearchParams): InvoiceListView {
  const status = INVOICE_STATUSES.find((value) => value === params.get("status")) ?? null;
  const client = params.get("client");
  return { status, clientId: client && UUID.test(client) ? client : null };
}
