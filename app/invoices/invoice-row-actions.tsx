import { Download, Send } from "lucide-react";
import { useFormAction } from "~/forms/use-form-action";
import type { RowDeletion } from "~/lists/list-page";
import { Button, buttonVariants } from "~/ui/button";

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

/** Send (draft or sent) and Download, for a row of the list or of a project's panel. */
export function InvoiceRowActions({
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
          <input type="hidden" name="intent" value="send-invoice" />
          <input type="hidden" name="invoiceId" value={invoice.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`${sendLabel} ${invoice.invoiceNumber}`}>
            <Send className="size-4" aria-hidden="true" /> {sendLabel}
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
