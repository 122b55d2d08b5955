import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { DataTable } from "~/lists/data-table";
import { formatCents } from "~/formatting/money";
import { InvoiceRowActions } from "./invoice-row-actions";
import { INVOICE_STATUS_BADGE, type InvoiceStatus } from "./invoice-options";

export type ProjectInvoiceRow = { id: string; invoiceNumber: string; status: InvoiceStatus; totalCents: number; balanceCents: number; firstViewedAt: Date | string | null };

/**
 * The project's invoices panel (spec 001 "Project detail"), for the project page to mount with
 * `listProjectInvoices(projectId)` from invoices.server.ts: New Invoice (?project=), view/edit,
 * Send/Resend and Download.
 */
export function ProjectInvoicesPanel({ projectId, invoices }: { projectId: string; invoices: ProjectInvoiceRow[] }) {
  const returnTo = `/admin/projects/${projectId}`;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Invoices</CardTitle>
        <Link to={`/admin/invoices/new?project=${projectId}`} className={buttonVariants({ size: "sm" })}>
          <Plus className="size-4" aria-hidden="true" /> New Invoice
        </Link>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Project invoices"
          rows={invoices}
          getRowId={(invoice) => invoice.id}
          rowHref={(invoice) => `/admin/invoices/${invoice.id}`}
          emptyMessage="No invoices for this project yet."
          columns={[
            {
              id: "number",
              header: "Invoice",
              cell: (invoice) => (
                <Link to={`/admin/invoices/${invoice.id}`} className="font-medium hover:underline">
                  {invoice.invoiceNumber}
                </Link>
              ),
            },
            {
              id: "status",
              header: "Status",
              cell: (invoice) => (
                <span className="flex gap-1">
                  <Badge variant={INVOICE_STATUS_BADGE[invoice.status]}>{invoice.status}</Badge>
                  {invoice.firstViewedAt ? <Badge variant="outline">viewed</Badge> : null}
                </span>
              ),
            },
            { id: "total", header: "Total", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.totalCents) },
            { id: "balance", header: "Balance", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.balanceCents) },
            {
              id: "actions",
              header: "Actions",
              srOnlyHeader: true,
              cell: (invoice) => (
                <InvoiceRowActions
                  invoice={invoice}
                  returnTo={returnTo}
                  canSend={invoice.status !== "paid"}
                  sendLabel={invoice.status === "draft" ? "Send" : "Resend"}
                />
              ),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
