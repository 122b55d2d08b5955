import { ListFilters } from "~/lists/list-filters";
import { type RowDeletion } from "~/lists/row-deletion";
import type { ProjectListView } from "./project-list-view";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "./project-options";

// The Project Tracker's search and filters (kept in the URL) and its delete, shared by the tracker
// and a project's own page.

const FILTERS = [
  { name: "status", label: "Status", allLabel: "All statuses", options: PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status] })), width: "w-48" },
] as const;

/** The layout (table or board) stays when the filters change. */
export function ProjectFilters({ view }: { view: ProjectListView }) {
  return <ListFilters label="Filter projects" view={view} search={{ placeholder: "Search by project, number or client" }} selects={FILTERS} keep={["layout"]} />;
}

/** Deleting projects: the tracker's bar and a project's page. */
export const PROJECT_DELETION: RowDeletion = {
  noun: "project",
  plural: "projects",
  action: "/admin/projects",
  intent: "delete-projects",
  field: "projectIds",
  note: "Their tasks and add-ons are deleted with them; their invoices and consultations stay.",
};
