import { Link, useLoaderData, useLocation } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { ListFilters } from "~/lists/list-filters";
import { ListPage } from "~/lists/list-page";
import { isFilteredView } from "~/lists/list-view";
import { formatDate, formatDay } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { StatCards } from "~/ui/stat-card";
import { loadAdminListPage } from "~/auth/admin-list-page.server";
import type { Route } from "./+types/invoices-page";
import { handleInvoiceListAction } from "./invoice-list-actions.server";
import { INVOICE_DELETION, invoiceActionsColumn, invoiceNumberColumn, invoiceStatusColumn } from "./invoice-rows";
import { INVOICE_LIST_VIEW } from "./invoice-list-view";
import { INVOICE_STATUSES } from "./invoice-options";
import { invoiceStats, listInvoices, type InvoiceListRow } from "./invoice-lists.server";

export const meta: Route.MetaFunction = () => [{ title: "Invoices | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadAdminListPage(request, INVOICE_LIST_VIEW, listInvoices, async (view) => ({ stats: await invoiceStats(view.client) }));
  return { ...page, clientName: page.view.client ? (page.invoices[0]?.clientName ?? null) : null };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return handleInvoiceListAction(request, actor);
}

const STATUS_FILTER = [
  { name: "status", label: "Status", allLabel: "All statuses", options: INVOICE_STATUSES.map((status) => ({ value: status, label: status })) },
] as const;

export default function InvoicesPage() {
  const { invoices, nextCursor, previousCursor, view, stats, clientName, timeZone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const newHref = view.client ? `/admin/invoices/new?client=${view.client}` : "/admin/invoices/new";

  const columns: DataTableColumn<InvoiceListRow>[] = [
    invoiceNumberColumn(),
    { id: "client", header: "Client", cell: (invoice) => invoice.clientName },
    { id: "project", header: "Project", cell: (invoice) => invoice.projectNumber ?? "—" },
    invoiceStatusColumn(),
    { id: "total", header: "Total", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.totalCents) },
    {
      id: "balance",
      header: "Balance",
      className: "text-right tabular-nums",
      cell: (invoice) => formatCents(Math.max(0, invoice.totalCents - invoice.paidCents)),
    },
    { id: "due", header: "Due", cell: (invoice) => (invoice.dueDate ? formatDay(invoice.dueDate) : "—") },
    { id: "created", header: "Created", sortable: true, cell: (invoice) => formatDate(invoice.createdAt, timeZone) },
    invoiceActionsColumn(returnTo, (invoice) => invoice.status === "draft" || invoice.status === "sent"),
  ];

  return (
    <ListPage
      title="Invoices"
      description={
        clientName ? (
          <>
            Invoices of {clientName}.{" "}
            <Link to="/admin/invoices" className="underline">
              All invoices
            </Link>
          </>
        ) : (
          "Bill clients for their projects, add-ons and consultations."
        )
      }
      createLink={{ to: newHref, label: "New Invoice" }}
      table={{
        label: "Invoices",
        rows: invoices,
        columns,
        rowHref: invoiceHref,
        sort: view.sort,
      }}
      empty={{ none: "No invoices yet.", filtered: "No invoices match these filters.", isFiltered: isFilteredView(view, INVOICE_LIST_VIEW) }}
      pager={{ previousCursor, nextCursor }}
      selection={{ rowLabel: (invoice) => `Select ${invoice.invoiceNumber}` }}
      deletion={INVOICE_DELETION}
    >
      <StatCards
        label="Invoice statistics"
        figures={[
          { label: "Total", value: stats.total },
          { label: "Paid", value: stats.paid },
          { label: "Pending", value: stats.pending },
          { label: "Overdue", value: stats.overdue },
        ]}
      />
      <ListFilters label="Filter invoices" view={view} selects={STATUS_FILTER} keep={["client"]} />
    </ListPage>
  );
}

const invoiceHref = (invoice: InvoiceListRow) => `/admin/invoices/${invoice.id}`;
