import { ListFilters } from "~/lists/list-filters";
import type { LeadListView } from "./lead-list-view";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TIERS } from "./lead-options";

// The leads list's search and filters: kept in the URL, so a reload or a shared link shows the same view.

const SOURCE_LABEL: Record<string, string> = { "contact-page": "Contact page" };

export const sourceLabel = (source: string) => SOURCE_LABEL[source] ?? source;

const FILTERS = [
  { name: "status", label: "Status", allLabel: "All statuses", options: LEAD_STATUSES.map((status) => ({ value: status, label: status })), width: "w-40" },
  { name: "tier", label: "Tier", allLabel: "All tiers", options: LEAD_TIERS, width: "w-52" },
  { name: "source", label: "Source", allLabel: "All sources", options: LEAD_SOURCES.map((source) => ({ value: source, label: sourceLabel(source) })), width: "w-48" },
] as const;

export function LeadFilters({ view }: { view: LeadListView }) {
  return <ListFilters label="Filter leads" view={view} search={{ placeholder: "Search by name, email or promo code" }} selects={FILTERS} />;
}
