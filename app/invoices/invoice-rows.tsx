import Download from "lucide-react/icons/download";
import Send from "lucide-react/icons/send";
import { useFormAction } from "~/forms/use-form-action";
import type { DataTableColumn } from "~/lists/data-table-columns";
import { recordLinkColumn } from "~/lists/record-link-column";
import type { RowDeletion } from "~/lists/row-deletion";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { INVOICE_STATUS_BADGE, type InvoiceStatus } from "./invoice-options";
import { HiddenInputs } from "~/forms/hidden-inputs";

// What a row of an invoice list shows and does: the invoices list's and a project's invoices panel's.

type InvoiceRow = { id: string; invoiceNumber: string; status: InvoiceStatus; firstViewedAt: Date | string | null };

/** The invoice's number, linking to its editor. */
export function invoiceNumberColumn<Row extends InvoiceRow>(): DataTableColumn<Row> {
  return recordLinkColumn({ id: "number", header: "Invoice", href: (invoice) => `/admin/invoices/${invoice.id}`, text: (invoice) => invoice.invoiceNumber });
}

/** Its status, and "viewed" once the client opened their link. */
export function invoiceStatusColumn<Row extends InvoiceRow>(): DataTableColumn<Row> {
  return {
    id: "status",
    header: "Status",
    cell: (invoice) => (
      <span className="flex flex-wrap gap-1">
        <Badge variant={INVOICE_STATUS_BADGE[invoice.status]}>{invoice.status}</Badge>
        {invoice.firstViewedAt ? <Badge variant="outline">viewed</Badge> : null}
      </span>
    ),
  };
}

/** Send (a draft, or again) and Download, for the row's invoice. */
export function invoiceActionsColumn<Row extends InvoiceRow>(returnTo: string, canSend: (invoice: Row) => boolean): DataTableColumn<Row> {
  return {
    id: "actions",
    header: "Actions",
    srOnlyHeader: true,
    cell: (invoice) => (
      <InvoiceRowActions invoice={invoice} returnTo={returnTo} canSend={canSend(invoice)} sendLabel={invoice.status === "draft" ? "Send" : "Resend"} />
    ),
  };
}

/** Where list actions post, from the invoices list and from a project's invoices panel. */
export const INVOICE_LIST_URL = "/admin/invoices";

/** Deleting invoices: the list's "Delete Selected" (asked first with the spec's sentences). */
export const INVOICE_DELETION: RowDeletion = {
  noun: "invoice",
  plural: "invoices",
  action: INVOICE_LIST_URL,
  intent: "delete-invoices",
  field: "invoiceIds",
};

function InvoiceRowActions({
  invoice,
  returnTo,
  canSend,
  sendLabel = "Send",
}: {
  invoice: { id: string; invoiceNumber: string };
  returnTo: string;
  canSend: boolean;
  sendLabel?: string;
}) {
  const { fetcher, busy } = useFormAction({ intent: "send-invoice", key: `send-${invoice.id}` });
  return (
    <div className="flex justify-end gap-1">
      {canSend ? (
        <fetcher.Form method="post" action={INVOICE_LIST_URL} noValidate>
          <HiddenInputs fields={{ intent: "send-invoice", invoiceId: invoice.id, returnTo }} />
          <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`${sendLabel} ${invoice.invoiceNumber}`} icon={Send}>
            {sendLabel}
          </Button>
        </fetcher.Form>
      ) : null}
      <a
        href={`/admin/invoices/${invoice.id}/pdf`}
        download
        className={buttonVariants({ size: "sm", variant: "ghost" })}
        aria-label={`Download ${invoice.invoiceNumber}`}
      >
        <Download className="size-4" aria-hidden="true" /> Download
      </a>
    </div>
  );
}
