import { data } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { CLIENT_LIST_VIEW } from "~/clients/client-list-view";
import { listClients } from "~/clients/client-lists.server";
import { LEAD_LIST_VIEW } from "~/leads/lead-list-view";
import { listLeads } from "~/leads/leads.server";
import { listParam, readListView } from "~/lists/list-view";
import { PROJECT_LIST_VIEW } from "~/projects/project-list-view";
import { listProjects } from "~/projects/projects.server";
import type { Route } from "./+types/record-search-route";
import type { FoundRecord } from "./jump-targets";

/** How many of each kind the palette shows for a search. */
const PER_KIND = 5;

/**
 * GET /admin/search?q=…: the records the Ctrl+K palette jumps to by name (decision 050), found by
 * the lists' own searches (leads by name, e-mail or promo code; clients by name or e-mail;
 * projects by name, number or client), the first few of each. JSON, for the palette alone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const q = listParam.search().parse(new URL(request.url).searchParams.get("q"));
  const headers = { "Cache-Control": "private, no-store" };
  if (!q) return data({ q, records: [] as FoundRecord[] }, { headers });
  const params = new URLSearchParams({ q });
  const [leadPage, clientPage, projectPage] = await Promise.all([
    listLeads({ view: readListView(params, LEAD_LIST_VIEW), pageSize: PER_KIND }),
    listClients({ view: readListView(params, CLIENT_LIST_VIEW), pageSize: PER_KIND }),
    listProjects({ view: readListView(params, PROJECT_LIST_VIEW), pageSize: PER_KIND }),
  ]);
  const records: FoundRecord[] = [
    ...clientPage.rows.map((client) => ({ kind: "Client" as const, label: client.name, detail: client.email, href: `/admin/clients/${client.id}` })),
    ...projectPage.rows.map((project) => ({ kind: "Project" as const, label: project.name ?? project.projectNumber, detail: `${project.projectNumber} · ${project.clientName}`, href: `/admin/projects/${project.id}` })),
    ...leadPage.leads.map((lead) => ({ kind: "Lead" as const, label: lead.name, detail: lead.email, href: `/admin/leads/${lead.id}` })),
  ];
  return data({ q, records }, { headers });
}
