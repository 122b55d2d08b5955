import { listParam, type ListView, type ListViewSpec, type TableSort } from "~/lists/list-view";
import { PROJECT_STATUSES } from "./project-options";

/**
 * What the Project Tracker shows, read from the URL (the URL is the whole view: `layout` (table or
 * board), `q`, `status`, `sort`, `dir`, `after` / `before`). Unknown values are ignored, so a
 * hand-edited link still works.
 */
export const PROJECT_SORT_KEYS = ["created", "deadline", "client", "number"] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];

export const PROJECT_LAYOUTS = ["table", "board"] as const;

const PROJECT_FILTERS = {
  layout: listParam.choice(PROJECT_LAYOUTS),
  q: listParam.search(),
  status: listParam.oneOf(PROJECT_STATUSES),
};

export const PROJECT_LIST_VIEW: ListViewSpec<typeof PROJECT_FILTERS, ProjectSortKey> = {
  filters: PROJECT_FILTERS,
  sort: { keys: PROJECT_SORT_KEYS, fallback: { key: "created", direction: "desc" } satisfies TableSort<ProjectSortKey> },
  notNarrowing: ["layout"],
};

export type ProjectListView = ListView<typeof PROJECT_FILTERS, ProjectSortKey>;
