import { listParam, type ListView, type ListViewSpec, type TableSort } from "~/lists/list-view";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";

/**
 * What the Clients Directory shows, read from the URL (`q`, `status`, `payment`, `sort`, `dir`,
 * `after` / `before`): shared by the page and its CSV export, which exports exactly this view.
 * Unknown values are ignored, so a hand-edited link still works.
 */
export const CLIENT_SORT_KEYS = ["name", "email", "tier", "created"] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

const CLIENT_FILTERS = {
  q: listParam.search(),
  status: listParam.oneOf(CLIENT_STATUSES),
  payment: listParam.oneOf(PAYMENT_STATUSES),
};

export const CLIENT_LIST_VIEW: ListViewSpec<typeof CLIENT_FILTERS, ClientSortKey> = {
  filters: CLIENT_FILTERS,
  sort: { keys: CLIENT_SORT_KEYS, fallback: { key: "created", direction: "desc" } satisfies TableSort<ClientSortKey> },
};

export type ClientListView = ListView<typeof CLIENT_FILTERS, ClientSortKey>;
