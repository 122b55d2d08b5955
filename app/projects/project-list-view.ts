import { readTableSort, type TableSort } from "~/lists/list-view";
import { PROJECT_STATUSES, type ProjectStatus } from "./project-options";

/**
 * What the Project Tracker shows, read from the URL (the URL is the whole view: `view` (table or
 * board), `q`, `status`, `sort`, `dir`, `after` / `before`). Unknown values are ignored, so a
 * hand-edited link still works.
 */
export const PROJECT_SORT_KEYS = ["created", "deadline", "client", "number"] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];

export type ProjectListView = {
  layout: "table" | "board";
  search: string;
  status: ProjectStatus | null;
  sort: TableSort<ProjectSortKey>;
};

export const DEFAULT_PROJECT_SORT: TableSort<ProjectSortKey> = { key: "created", direction: "desc" };

export function readProjectListView(params: URLSearchParams): ProjectListView {
  return {
    layout: params.get("view") === "board" ? "board" : "table",
    search: (params.get("q") ?? "").trim().slice(0, 200),
    status: PROJECT_STATUSES.find((status) => status === params.get("status")) ?? null,
    sort: readTableSort(params, PROJECT_SORT_KEYS, DEFAULT_PROJECT_SORT),
  };
}

export function isFilteredProjectView(view: ProjectListView): boolean {
  return Boolean(view.search || view.status);
}
