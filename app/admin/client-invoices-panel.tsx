import FileText from "lucide-react/icons/file-text";
import Plus from "lucide-react/icons/plus";
import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import { DataTable } from "~/lists/data-table";
import { formatDate } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import type { ClientDetail } from "./client-detail.server";
import { statusVariant } from "~/clients/client-display";

// The client page's Invoices tab: invoices billed to the client or its projects.

export function ClientInvoicesPanel({ clientId, invoices, timeZone }: { clientId: string; invoices: ClientDetail["invoices"]; timeZone: string }) {
  return (
    <>
      <div className="flex justify-end">
        <LinkButton to={`/admin/invoices?client=${clientId}`} size="sm" icon={Plus}>
          Create Invoice
        </LinkButton>
      </div>
      <DataTable
        label="Invoices"
        rows={invoices}
        emptyMessage="No invoices yet."
        columns={[
          {
            id: "invoice",
            header: "Invoice",
            className: "font-medium",
            cell: (invoice) => (
              <Link to={`/admin/invoices/${invoice.id}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                <FileText className="size-4" aria-hidden="true" /> {invoice.invoiceNumber}
              </Link>
            ),
          },
          { id: "project", header: "Project", cell: (invoice) => invoice.projectNumber ?? "—" },
          { id: "status", header: "Status", cell: (invoice) => <Badge variant={statusVariant(invoice.status)}>{invoice.status}</Badge> },
          { id: "promoCode", header: "Promo code", className: "font-mono text-xs", cell: (invoice) => invoice.promoCode ?? "—" },
          { id: "total", header: "Total", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.totalCents) },
          { id: "balance", header: "Balance", className: "text-right tabular-nums", cell: (invoice) => formatCents(invoice.balanceCents) },
          { id: "created", header: "Created", cell: (invoice) => formatDate(invoice.createdAt, timeZone) },
        ]}
      />
    </>
  );
}
