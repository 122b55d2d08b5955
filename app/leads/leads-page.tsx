import Upload from "lucide-react/icons/upload";
import * as React from "react";
import { useLoaderData, useLocation } from "react-router";
import { LeadActions, LeadActionsFeedback, LeadBulkActions } from "./offered-lead-actions";
import { requireAdmin } from "~/auth/guard.server";
import { StatCards } from "~/ui/stat-card";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { recordLinkColumn } from "~/lists/record-link-column";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { formatCount, formatDate } from "~/formatting/dates";
import { DropdownMenuItem } from "~/ui/dropdown-menu";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/leads-page";
import { handleLeadAction } from "./lead-actions.server";
import { AddLeadDialog, EditPromoDialog, LEAD_DELETION, LeadStatusSelect, useResendPromo } from "./lead-dialogs";
import { bookingLabel, DaysLeft, PromoStatusBadge, tierLabel } from "./lead-display";
import { LeadFilters, sourceLabel } from "./lead-filters";
import { LEAD_LIST_VIEW } from "./lead-list-view";
import { leadStats, listLeads, type LeadCount, type LeadRow } from "./leads.server";
import { promoStateAt } from "./promo-state";
import { RowMenuLink } from "~/lists/row-menu";

export const meta: Route.MetaFunction = () => [{ title: "Website Leads | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const now = new Date();
  const page = await loadAdminListPage(request, LEAD_LIST_VIEW, listLeads, async () => ({ stats: await leadStats(now) }));
  return { ...page, now: now.toISOString() };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleLeadAction(request, actor);
}

function leadCountText(count: LeadCount): string {
  const value = formatCount(count.value);
  return count.estimated ? `≈${value}` : value;
}

/** A count of leads, marked when the database estimated it. */
function leadFigure(label: string, count: LeadCount) {
  return { label, value: leadCountText(count), valueTitle: count.estimated ? "Estimated from the database's statistics" : undefined };
}

export default function LeadsPage() {
  const { leads, nextCursor, previousCursor, view, stats, timeZone, now: nowIso } = useLoaderData<typeof loader>();
  const now = React.useMemo(() => new Date(nowIso), [nowIso]);
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const [adding, setAdding] = React.useState(false);
  const [promoLead, setPromoLead] = React.useState<LeadRow | null>(null);
  const resendPromo = useResendPromo();

  const columns: DataTableColumn<LeadRow>[] = [
    recordLinkColumn({ id: "name", header: "Name", sortable: true, href: (lead) => `/admin/leads/${lead.id}`, text: (lead) => lead.name }),
    { id: "email", header: "Email", sortable: true, cell: (lead) => lead.email },
    { id: "phone", header: "Phone", cell: (lead) => lead.phone ?? "—" },
    { id: "source", header: "Source", cell: (lead) => sourceLabel(lead.source) },
    { id: "tier", header: "Tier", cell: (lead) => tierLabel(lead.tier) },
    { id: "status", header: "Status", cell: (lead) => <LeadStatusSelect lead={lead} returnTo={returnTo} /> },
    { id: "promoCode", header: "Promo Code", cell: (lead) => <span className="font-mono text-xs">{lead.promoCode ?? "—"}</span> },
    { id: "daysLeft", header: "Days Left", cell: (lead) => <DaysLeft promo={lead} now={now} /> },
    { id: "promoStatus", header: "Promo Status", cell: (lead) => <PromoStatusBadge promo={lead} now={now} /> },
    { id: "booking", header: "Booking", cell: (lead) => bookingLabel(lead.bookingStatus) },
    { id: "created", header: "Created", sortable: true, cell: (lead) => formatDate(lead.createdAt, timeZone) },
  ];

  return (
    <ListPage
      title="Website Leads"
      description="Everyone who claimed the offer, sent an inquiry or wrote to you."
      links={[{ to: "/admin/leads/import", label: "Import CSV", icon: Upload }]}
      exportPath="/admin/leads/export"
      createLink={{ onClick: () => setAdding(true), label: "Add Lead" }}
      table={{
        label: "Leads",
        tableId: "leads",
        rows: leads,
        columns,
        sort: view.sort,
      }}
      empty={{ none: "No leads yet. They appear here as visitors write in.", filtered: "No leads match these filters.", isFiltered: isFilteredView(view, LEAD_LIST_VIEW) }}
      pager={{ previousCursor, nextCursor }}
      selection={{
        rowLabel: (lead) => `Select ${lead.name}`,
        actions: (leadIds, clear) => <LeadBulkActions leadIds={leadIds} onDone={clear} />,
      }}
      rowMenu={{
        label: (lead) => `Actions for ${lead.name}`,
        items: (lead) => (
          <>
            <RowMenuLink to={`/admin/leads/${lead.id}`}>View Details</RowMenuLink>
            {lead.promoCode ? (
              <>
                <DropdownMenuItem onSelect={() => setPromoLead(lead)}>Edit Promo</DropdownMenuItem>
                <DropdownMenuItem disabled={promoStateAt(lead, now) !== "active"} onSelect={() => resendPromo(lead.id, returnTo)}>
                  Resend promo email
                </DropdownMenuItem>
              </>
            ) : null}
            <LeadActions lead={lead} placement="row-menu" returnTo={returnTo} />
          </>
        ),
      }}
      deletion={LEAD_DELETION}
      dialogs={
        <>
          <AddLeadDialog open={adding} onOpenChange={setAdding} returnTo={returnTo} />
          <EditPromoDialog lead={promoLead} onOpenChange={(open) => !open && setPromoLead(null)} returnTo={returnTo} timeZone={timeZone} now={now} />
          <LeadActionsFeedback />
        </>
      }
    >
      <StatCards
        label="Lead statistics"
        figures={[
          leadFigure("Total", stats.total),
          leadFigure("Website Promos", stats.websitePromos),
          leadFigure("Active Promos", stats.activePromos),
          leadFigure("Converted", stats.converted),
        ]}
      />
      <LeadFilters view={view} />
    </ListPage>
  );
}

