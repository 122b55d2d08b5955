import { Download, Send } from "lucide-react";
import { useFormAction } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button, buttonVariants } from "~/ui/button";

/** Bulk delete, asked first (spec 001 §5: 'You are about to delete N items.' 'This action cannot be undone.'). */
export function DeleteInvoicesDialog({
  invoiceIds,
  onOpenChange,
  returnTo,
}: {
  invoiceIds: string[] | null;
  onOpenChange: (open: boolean) => void;
  returnTo: string;
}) {
  const open = invoiceIds !== null;
  const { fetcher, busy } = useFormAction({ intent: "delete-invoices", open, onSuccess: () => onOpenChange(false) });
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete invoices?</AlertDialogTitle>
          <AlertDialogDescription>
            You are about to delete {invoiceIds?.length ?? 0} items. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" action="/admin/invoices" noValidate>
          <input type="hidden" name="intent" value="delete-invoices" />
          <input type="hidden" name="returnTo" value={returnTo} />
          {invoiceIds?.map((id) => <input key={id} type="hidden" name="invoiceIds" value={id} />)}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

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
        <fetcher.Form method="post" action="/admin/invoices" noValidate>
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
