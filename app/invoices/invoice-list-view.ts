import { listParam, type ListView, type ListViewSpec } from "~/lists/list-view";
import { INVOICE_STATUSES } from "./invoice-options";

/**
 * What the invoices list shows, read from the URL: `status`, `client` (a client's invoices, from
 * the client's page), `sort`, `dir`, `after` / `before`. Unknown values are ignored.
 */
export const INVOICE_SORT_KEYS = ["created"] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];

const INVOICE_FILTERS = {
  status: listParam.oneOf(INVOICE_STATUSES),
  client: listParam.recordId(),
};

export const INVOICE_LIST_VIEW: ListViewSpec<typeof INVOICE_FILTERS, InvoiceSortKey> = {
  filters: INVOICE_FILTERS,
  sort: { keys: INVOICE_SORT_KEYS, fallback: { key: "created", direction: "desc" } },
};

export type InvoiceListView = ListView<typeof INVOICE_FILTERS, InvoiceSortKey>;
