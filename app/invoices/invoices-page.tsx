import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { DataTable, DataTablePager, type DataTableColumn } from "~/lists/data-table";
import { formatDate } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { StatCard } from "~/ui/stat-card";
import type { Route } from "./+types/invoices-page";
import { handleInvoiceListAction } from "./invoice-actions.server";
import { DeleteInvoicesDialog, InvoiceRowActions } from "./invoice-list-dialogs";
import { readInvoiceListView } from "./invoice-list-view";
import { INVOICE_STATUS_BADGE, INVOICE_STATUSES } from "./invoice-options";
import { invoiceStats, listInvoices, type InvoiceListRow } from "./invoices.server";

export const meta: Route.MetaFunction = () => [{ title: "Invoices | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const view = readInvoiceListView(url.searchParams);
  const [page, stats, settings] = await Promise.all([
    listInvoices({ view, after: url.searchParams.get("after"), before: url.searchParams.get("before") }),
    invoiceStats(view.clientId),
    getOrganizationSettings(),
  ]);
  const clientName = view.clientId ? (page.invoices[0]?.clientName ?? null) : null;
  return { ...page, view, stats, clientName, timeZone: settings.timezone };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return handleInvoiceListAction(request, admin);
}

function dueText(dueDate: string | null): string {
  return dueDate ? formatDate(`${dueDate}T12:00:00Z`, "UTC") : "—";
}

export default function InvoicesPage() {
  const { invoices, nextCursor, previousCursor, view, stats, clientName, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const returnTo = `${location.pathname}${location.search}`;
  const [deleting, setDeleting] = React.useState<string[] | null>(null);
  const [rawSelected, setSelected] = React.useState<string[]>([]);
  const selectedIds = React.useMemo(() => {
    const onPage = new Set(invoices.map((invoice) => invoice.id));
    return rawSelected.filter((id) => onPage.has(id));
  }, [rawSelected, invoices]);
  const newHref = view.clientId ? `/admin/invoices/new?client=${view.clientId}` : "/admin/invoices/new";

  const columns: DataTableColumn<InvoiceListRow>[] = [
    {
      id: "number",
      header: "Invoice",
      cell: (invoice) => (
        <Link to={`/admin/invoices/${invoice.id}`} className="font-medium hover:underline">
          {invoice.invoiceNumber}
        </Link>
      ),
    },
    { id: "client", header: "Client", cell: (invoice) => invoice.clientName },
    { id: "project", header: "Project", cell: (invoice) => invoice.projectNumber ?? "—", className: "whitespace-nowrap" },
    {
      id: "status",
      header: "Status",
      cell: (invoice) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={INVOICE_STATUS_BADGE[invoice.status]}>{invoice.status}</Badge>
          {invoice.firstViewedAt ? <Badge variant="outline">viewed</Badge> : null}
        </span>
      ),
    },
    { id: "total", header: "Total", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.totalCents) },
    {
      id: "balance",
      header: "Balance",
      className: "text-right tabular-nums",
      cell: (invoice) => formatCents(Math.max(0, invoice.totalCents - invoice.paidCents)),
    },
    { id: "due", header: "Due", className: "whitespace-nowrap", cell: (invoice) => dueText(invoice.dueDate) },
    { id: "created", header: "Created", className: "whitespace-nowrap", cell: (invoice) => formatDate(invoice.createdAt, timeZone) },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      cell: (invoice) => (
        <InvoiceRowActions
          invoice={invoice}
          returnTo={returnTo}
          canSend={invoice.status === "draft" || invoice.status === "sent"}
          sendLabel={invoice.status === "draft" ? "Send" : "Resend"}
        />
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Invoices</h1>
          <p className="text-muted-foreground">
            {clientName ? `Invoices of ${clientName}.` : "Bill clients for their projects, add-ons and consultations."}
          </p>
        </div>
        <Link to={newHref} className={buttonVariants()}>
          <Plus className="size-4" aria-hidden="true" /> New Invoice
        </Link>
      </div>

      <section aria-label="Invoice statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total" value={stats.total} />
        <StatCard label="Paid" value={stats.paid} />
        <StatCard label="Pending" value={stats.pending} />
        <StatCard label="Overdue" value={stats.overdue} />
      </section>

      <Form method="get" aria-label="Filter invoices" className="flex flex-wrap items-end gap-2" onChange={(event) => void submit(event.currentTarget)}>
        {view.clientId ? <input type="hidden" name="client" value={view.clientId} /> : null}
        <NativeSelect name="status" aria-label="Status" key={view.status ?? ""} defaultValue={view.status ?? ""} wrapperClassName="w-44">
          <NativeSelectOption value="">All statuses</NativeSelectOption>
          {INVOICE_STATUSES.map((status) => (
            <NativeSelectOption key={status} value={status}>
              {status}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <noscript>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </noscript>
        {view.clientId || view.status ? (
          <Link to="/admin/invoices" className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        ) : null}
      </Form>

      {selectedIds.length > 0 ? (
        <div className="flex items-center justify-between rounded-md border bg-muted/50 px-4 py-2">
          <p className="text-sm">{selectedIds.length} selected</p>
          <Button variant="destructive" size="sm" onClick={() => setDeleting(selectedIds)}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete Selected
          </Button>
        </div>
      ) : null}

      <DataTable
        label="Invoices"
        rows={invoices}
        columns={columns}
        getRowId={(invoice) => invoice.id}
        rowHref={(invoice) => `/admin/invoices/${invoice.id}`}
        busy={navigation.state === "loading"}
        selection={{ selectedIds, onChange: setSelected, rowLabel: (invoice) => `Select ${invoice.invoiceNumber}` }}
        emptyMessage={view.status || view.clientId ? "No invoices match these filters." : "No invoices yet."}
      />
      <DataTablePager previousCursor={previousCursor} nextCursor={nextCursor} />
      <DeleteInvoicesDialog invoiceIds={deleting} onOpenChange={(open) => !open && setDeleting(null)} returnTo={returnTo} />
    </div>
  );
}
