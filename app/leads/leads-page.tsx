import { Download, MoreHorizontal, Plus, Trash2, Upload } from "lucide-react";
import * as React from "react";
import { Link, useLoaderData, useLocation, useNavigation, useSearchParams } from "react-router";
import { LeadActions, LeadActionsFeedback, LeadBulkActions } from "~/admin/lead-actions";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Button, buttonVariants } from "~/ui/button";
import { StatCard } from "~/ui/stat-card";
import { DataTable, DataTablePager, type DataTableColumn } from "~/ui/data-table";
import { PAGING_PARAMS } from "~/ui/data-table-params";
import { formatDate } from "~/ui/date-format";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/ui/dropdown-menu";
import type { Route } from "./+types/leads-page";
import { handleLeadAction } from "./lead-actions.server";
import { AddLeadDialog, DeleteLeadsDialog, EditPromoDialog, LeadStatusSelect, useResendPromo } from "./lead-dialogs";
import { bookingLabel, DaysLeft, PromoStatusBadge, tierLabel } from "./lead-display";
import { LeadFilters, sourceLabel } from "./lead-filters";
import { isFilteredView, readLeadListView } from "./lead-list-view";
import { leadStats, listLeads, type LeadCount } from "./leads.server";
import { promoStateAt } from "./promo-state";
import type { Lead } from "./schema";

export const meta: Route.MetaFunction = () => [{ title: "Website Leads | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = readLeadListView(url.searchParams);
  const now = new Date();
  const [page, stats, settings] = await Promise.all([
    listLeads({ view, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    leadStats(now),
    getOrganizationSettings(),
  ]);
  return { ...page, view, stats, timeZone: settings.timezone, now: now.toISOString() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleLeadAction(request, admin);
}

function formatCount(count: LeadCount): string {
  const value = count.value.toLocaleString("en-US");
  return count.estimated ? `≈${value}` : value;
}

function StatTile({ title, count }: { title: string; count: LeadCount }) {
  return (
    <StatCard
      label={title}
      value={formatCount(count)}
      valueTitle={count.estimated ? "Estimated from the database's statistics" : undefined}
    />
  );
}

export default function LeadsPage() {
  const { leads, nextCursor, previousCursor, view, stats, timeZone, now: nowIso } = useLoaderData<typeof loader>();
  const now = React.useMemo(() => new Date(nowIso), [nowIso]);
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const returnTo = `${location.pathname}${location.search}`;
  const [adding, setAdding] = React.useState(false);
  const [promoLead, setPromoLead] = React.useState<Lead | null>(null);
  const [deleting, setDeleting] = React.useState<string[] | null>(null);
  const resendPromo = useResendPromo();

  // Selection belongs to what is on screen: rows that left the page (deleted, paged away) drop out.
  const [rawSelectedIds, setSelectedIds] = React.useState<string[]>([]);
  const selectedIds = React.useMemo(() => {
    const onPage = new Set(leads.map((lead) => lead.id));
    return rawSelectedIds.filter((id) => onPage.has(id));
  }, [rawSelectedIds, leads]);

  const exportParams = new URLSearchParams(searchParams);
  for (const name of PAGING_PARAMS) exportParams.delete(name);
  const exportHref = `/admin/leads/export${exportParams.size > 0 ? `?${exportParams.toString()}` : ""}`;

  const columns: DataTableColumn<Lead>[] = [
    {
      id: "name",
      header: "Name",
      sortable: true,
      cell: (lead) => (
        <Link to={`/admin/leads/${lead.id}`} className="font-medium hover:underline">
          {lead.name}
        </Link>
      ),
    },
    { id: "email", header: "Email", sortable: true, cell: (lead) => lead.email },
    { id: "phone", header: "Phone", cell: (lead) => lead.phone ?? "—", className: "whitespace-nowrap" },
    { id: "source", header: "Source", cell: (lead) => sourceLabel(lead.source), className: "whitespace-nowrap" },
    { id: "tier", header: "Tier", cell: (lead) => tierLabel(lead.tier), className: "whitespace-nowrap" },
    { id: "status", header: "Status", cell: (lead) => <LeadStatusSelect lead={lead} returnTo={returnTo} /> },
    { id: "promoCode", header: "Promo Code", cell: (lead) => <span className="font-mono text-xs">{lead.promoCode ?? "—"}</span> },
    { id: "daysLeft", header: "Days Left", cell: (lead) => <DaysLeft promo={lead} now={now} /> },
    { id: "promoStatus", header: "Promo Status", cell: (lead) => <PromoStatusBadge promo={lead} now={now} /> },
    { id: "booking", header: "Booking", cell: (lead) => bookingLabel(lead.bookingStatus), className: "whitespace-nowrap" },
    { id: "created", header: "Created", sortable: true, cell: (lead) => formatDate(lead.createdAt, timeZone), className: "whitespace-nowrap" },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (lead) => {
        const promoState = promoStateAt(lead, now);
        return (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Actions for ${lead.name}`}>
                <MoreHorizontal className="size-4" aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild>
                <Link to={`/admin/leads/${lead.id}`}>View Details</Link>
              </DropdownMenuItem>
              {lead.promoCode ? (
                <>
                  <DropdownMenuItem onSelect={() => setPromoLead(lead)}>Edit Promo</DropdownMenuItem>
                  <DropdownMenuItem
                    disabled={promoState !== "active"}
                    onSelect={() => resendPromo(lead.id, returnTo)}
                  >
                    Resend promo email
                  </DropdownMenuItem>
                </>
              ) : null}
              <LeadActions lead={lead} placement="row-menu" returnTo={returnTo} />
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting([lead.id])}>
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        );
      },
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Website Leads</h1>
          <p className="text-muted-foreground">Everyone who claimed the offer, sent an inquiry or wrote to you.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/leads/import" className={buttonVariants({ variant: "outline" })}>
              <Upload className="size-4" aria-hidden="true" /> Import CSV
            </Link>
          <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
              <Download className="size-4" aria-hidden="true" /> Export CSV
            </a>
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" /> Add Lead
          </Button>
        </div>
      </div>

      <section aria-label="Lead statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatTile title="Total" count={stats.total} />
        <StatTile title="Website Promos" count={stats.websitePromos} />
        <StatTile title="Active Promos" count={stats.activePromos} />
        <StatTile title="Converted" count={stats.converted} />
      </section>

      <LeadFilters view={view} />

      {selectedIds.length > 0 ? (
        <div className="flex items-center justify-between rounded-md border bg-muted/50 px-4 py-2">
          <p className="text-sm">{selectedIds.length} selected</p>
          <div className="flex flex-wrap gap-2">
            <LeadBulkActions leadIds={selectedIds} onDone={() => setSelectedIds([])} />
            <Button variant="destructive" size="sm" onClick={() => setDeleting(selectedIds)}>
              <Trash2 className="size-4" aria-hidden="true" /> Delete Selected
            </Button>
          </div>
        </div>
      ) : null}

      <DataTable
        label="Leads"
        tableId="leads"
        rows={leads}
        columns={columns}
        getRowId={(lead) => lead.id}
        sort={view.sort}
        busy={navigation.state === "loading"}
        selection={{ selectedIds, onChange: setSelectedIds, rowLabel: (lead) => `Select ${lead.name}` }}
        emptyMessage={
          isFilteredView(view) ? "No leads match these filters." : "No leads yet. They appear here as visitors write in."
        }
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />

      <AddLeadDialog open={adding} onOpenChange={setAdding} returnTo={returnTo} />
      <EditPromoDialog lead={promoLead} onOpenChange={(open) => !open && setPromoLead(null)} returnTo={returnTo} timeZone={timeZone} now={now} />
      <DeleteLeadsDialog
        leadIds={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        returnTo={returnTo}
        onDeleted={() => setSelectedIds([])}
      />
      <LeadActionsFeedback />
    </div>
  );
}
