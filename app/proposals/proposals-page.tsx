import { Link, useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { formatDay } from "~/formatting/dates";
import { Badge } from "~/ui/badge";
import type { Route } from "./+types/proposals-page";
import { PROPOSAL_STATUS_LABELS, PROPOSAL_STATUSES, type ProposalStatus } from "./proposal-options";
import { listProposals } from "./proposal-list.server";

export const meta: Route.MetaFunction = () => [{ title: "Proposals | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get("status");
  const status = PROPOSAL_STATUSES.find((name) => name === asked) ?? null;
  return { status, ...(await listProposals({ status })) };
}

function StatusFilter({ status, counts }: { status: ProposalStatus | null; counts: Record<string, number> }) {
  const filters: [ProposalStatus | null, string][] = [[null, "All"], ...PROPOSAL_STATUSES.map((name): [ProposalStatus, string] => [name, PROPOSAL_STATUS_LABELS[name]])];
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {filters.map(([name, label]) => (
        <Link key={label} to={name ? `?status=${name}` : "?"} aria-current={status === name ? "page" : undefined} className="rounded-full border px-3 py-1 text-sm aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground">
          {label} ({counts[name ?? "all"] ?? 0})
        </Link>
      ))}
    </nav>
  );
}

export default function ProposalsPage() {
  const { status, rows, counts } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Proposals</h1>
        <Link to="/admin/proposals/contracts" className="text-sm underline">
          Contract templates
        </Link>
      </header>
      <p className="text-sm text-muted-foreground">Start a proposal from a lead's or a client's page with "New proposal".</p>
      <StatusFilter status={status} counts={counts} />
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left">
            <th className="py-2">Proposal</th>
            <th className="py-2">For</th>
            <th className="py-2">Status</th>
            <th className="py-2">Expires</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b">
              <td className="py-2">
                <Link to={`/admin/proposals/${row.id}`} className="underline">
                  {row.title}
                </Link>
              </td>
              <td className="py-2">{row.recipientName}</td>
              <td className="py-2">
                <Badge>{PROPOSAL_STATUS_LABELS[row.status]}</Badge>
              </td>
              <td className="py-2">{row.expiresOn ? formatDay(row.expiresOn) : "—"}</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-6 text-center text-muted-foreground">
                No proposals yet
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
