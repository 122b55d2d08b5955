import { listParam, type ListView, type ListViewSpec } from "~/lists/list-view";
import { PROPOSAL_STATUSES } from "./proposal-options";

/** What the proposals list shows, read from the URL: `status`, `sort`, `dir`, `after` / `before`. Unknown values are ignored. */
const PROPOSAL_SORT_KEYS = ["created"] as const;
type ProposalSortKey = (typeof PROPOSAL_SORT_KEYS)[number];

const PROPOSAL_FILTERS = { status: listParam.oneOf(PROPOSAL_STATUSES) };

export const PROPOSAL_LIST_VIEW: ListViewSpec<typeof PROPOSAL_FILTERS, ProposalSortKey> = {
  filters: PROPOSAL_FILTERS,
  sort: { keys: PROPOSAL_SORT_KEYS, fallback: { key: "created", direction: "desc" } },
};

export type ProposalListView = ListView<typeof PROPOSAL_FILTERS, ProposalSortKey>;
