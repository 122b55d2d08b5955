import { listParam, type ListView, type ListViewSpec, type TableSort } from "~/lists/list-view";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIER_VALUES } from "./lead-options";

/**
 * What the leads list shows, read from the URL (the URL is the whole view:
 * `q`, `status`, `tier`, `source`, `sort`, `dir`, `after` / `before`).
 * Shared by the page, the CSV export (which exports exactly this view) and the
 * bench. Unknown values are ignored, so a hand-edited link still works.
 */
export const LEAD_SORT_KEYS = ["created", "name", "email"] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

export const DEFAULT_LEAD_SORT: TableSort<LeadSortKey> = { key: "created", direction: "desc" };

const LEAD_FILTERS = {
  q: listParam.search(),
  status: listParam.oneOf(LEAD_STATUSES),
  tier: listParam.oneOf(LEAD_TIER_VALUES),
  source: listParam.oneOf(LEAD_SOURCES),
};

export const LEAD_LIST_VIEW: ListViewSpec<typeof LEAD_FILTERS, LeadSortKey> = {
  filters: LEAD_FILTERS,
  sort: { keys: LEAD_SORT_KEYS, fallback: DEFAULT_LEAD_SORT },
};

export type LeadListView = ListView<typeof LEAD_FILTERS, LeadSortKey>;
