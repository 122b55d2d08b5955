import { readTableSort, type TableSort } from "~/ui/data-table-params";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIER_VALUES, type LeadSource, type LeadStatus, type LeadTier } from "./lead-options";

/**
 * What the leads list shows, read from the URL (the URL is the whole view:
 * `q`, `status`, `tier`, `source`, `sort`, `dir`, `after` / `before`).
 * Shared by the page, the CSV export (which exports exactly this view) and the
 * bench. Unknown values are ignored, so a hand-edited link still works.
 */
export const LEAD_SORT_KEYS = ["created", "name", "email"] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

export type LeadListView = {
  search: string;
  status: LeadStatus | null;
  tier: LeadTier | null;
  source: LeadSource | null;
  sort: TableSort<LeadSortKey>;
};

export const DEFAULT_LEAD_SORT: TableSort<LeadSortKey> = { key: "created", direction: "desc" };

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return values.find((value) => value === raw) ?? null;
}

export function readLeadListView(params: URLSearchParams): LeadListView {
  return {
    search: (params.get("q") ?? "").trim().slice(0, 200),
    status: oneOf(LEAD_STATUSES, params.get("status")),
    tier: oneOf(LEAD_TIER_VALUES, params.get("tier")),
    source: oneOf(LEAD_SOURCES, params.get("source")),
    sort: readTableSort(params, LEAD_SORT_KEYS, DEFAULT_LEAD_SORT),
  };
}

export function isFilteredView(view: LeadListView): boolean {
  return Boolean(view.search || view.status || view.tier || view.source);
}
