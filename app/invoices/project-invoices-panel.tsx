import Plus from "lucide-react/icons/plus";
import { LinkButton } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { DataTable } from "~/lists/data-table";
import { formatCents } from "~/formatting/money";
import { invoiceActionsColumn, invoiceNumberColumn, invoiceStatusColumn } from "./invoice-rows";
import type { InvoiceStatus } from "./invoice-options";

export type ProjectInvoiceRow = { id: string; invoiceNumber: string; status: InvoiceStatus; totalCents: number; balanceCents: number; firstViewedAt: Date | string | null };

/**
 * The project's invoices panel (spec 001 "Project detail"), for the project page to mount with
 * `listProjectInvoices(projectId)` from invoice-lists.server.ts: New Invoice (?project=), view/edit,
 * Send/Resend and Download.
 */
export function ProjectInvoicesPanel({ projectId, invoices }: { projectId: string; invoices: ProjectInvoiceRow[] }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Invoices</CardTitle>
        <LinkButton to={`/admin/invoices/new?project=${projectId}`} size="sm" icon={Plus}>
          New Invoice
        </LinkButton>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Project invoices"
          rows={invoices}
          rowHref={(invoice) => `/admin/invoices/${invoice.id}`}
          emptyMessage="No invoices for this project yet."
          columns={[
            invoiceNumberColumn(),
            invoiceStatusColumn(),
            { id: "total", header: "Total", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.totalCents) },
            { id: "balance", header: "Balance", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.balanceCents) },
            invoiceActionsColumn(`/admin/projects/${projectId}`, (invoice) => invoice.status !== "paid"),
          ]}
        />
      </CardContent>
    </Card>
  );
}
