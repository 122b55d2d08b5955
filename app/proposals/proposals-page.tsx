import FileText from "lucide-react/icons/file-text";
import { Link, useLoaderData } from "react-router";
import { formatDate, formatDay } from "~/formatting/dates";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListFilters } from "~/lists/list-filters";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { Badge } from "~/ui/badge";
import { StatCard } from "~/ui/stat-card";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/proposals-page";
import { PROPOSAL_STATUS_LABELS, PROPOSAL_STATUSES } from "./proposal-options";
import { listProposals, proposalCounts, type ProposalListRow } from "./proposal-list.server";
import { PROPOSAL_LIST_VIEW } from "./proposal-list-view";

export const meta: Route.MetaFunction = () => [{ title: "Proposals | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminListPage(request, PROPOSAL_LIST_VIEW, listProposals, async () => ({ counts: await proposalCounts() }));
}

const STATUS_FILTER = [
  { name: "status", label: "Status", allLabel: "All statuses", options: PROPOSAL_STATUSES.map((status) => ({ value: status, label: PROPOSAL_STATUS_LABELS[status] })) },
] as const;

/** The tiles: every proposal, then the statuses an agency follows up on. */
const COUNTED = ["sent", "viewed", "signed", "paid"] as const;

export default function ProposalsPage() {
  const { rows, nextCursor, previousCursor, view, counts, timeZone } = useLoaderData<typeof loader>();
  const columns: DataTableColumn<ProposalListRow>[] = [
    {
      id: "title",
      header: "Proposal",
      cell: (row) => (
        <Link to={proposalHref(row)} className="font-medium underline-offset-4 hover:underline">
          {row.title}
        </Link>
      ),
    },
    { id: "for", header: "For", cell: (row) => row.recipientName },
    { id: "status", header: "Status", cell: (row) => <Badge>{PROPOSAL_STATUS_LABELS[row.status]}</Badge> },
    { id: "expires", header: "Expires", cell: (row) => (row.expiresOn ? formatDay(row.expiresOn) : "—") },
    { id: "created", header: "Created", sortable: true, cell: (row) => formatDate(row.createdAt, timeZone) },
  ];
  return (
    <ListPage
      title="Proposals"
      description={'Packages, a contract and a deposit in one link. Start one from a lead\'s or a client\'s page with "New proposal".'}
      links={[{ to: "/admin/proposals/contracts", label: "Contract templates", icon: FileText }]}
      table={{ label: "Proposals", rows, columns, rowHref: proposalHref, sort: view.sort }}
      empty={{ none: "No proposals yet.", filtered: "No proposals match these filters.", isFiltered: isFilteredView(view, PROPOSAL_LIST_VIEW) }}
      pager={{ previousCursor, nextCursor }}
    >
      <section aria-label="Proposal statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <StatCard label="Total" value={counts.all} />
        {COUNTED.map((status) => (
          <StatCard key={status} label={PROPOSAL_STATUS_LABELS[status]} value={counts[status]} />
        ))}
      </section>
      <ListFilters label="Filter proposals" view={view} selects={STATUS_FILTER} />
    </ListPage>
  );
}

const proposalHref = (row: ProposalListRow) => `/admin/proposals/${row.id}`;
