import { Eye, Send } from "lucide-react";
import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";

export type InvoiceEmailPreview = { to: string; subject: string; html: string; attachmentName: string };

/**
 * 'Preview & Send' / 'Resend': the e-mail as the client will get it (rendered in a sandboxed frame)
 * and the PDF it carries, then Send. Sending answers 'Invoice sent successfully' or 'Failed to send invoice'.
 */
export function InvoiceSendDialog({ invoiceId, preview, resend }: { invoiceId: string; preview: InvoiceEmailPreview; resend: boolean }) {
  const [open, setOpen] = React.useState(false);
  const { fetcher, busy } = useFormAction({ intent: "send-invoice", open, onSuccess: () => setOpen(false) });
  const label = resend ? "Resend" : "Preview & Send";
  return (
    <>
      <Button onClick={() => setOpen(true)} variant={resend ? "outline" : "default"}>
        {resend ? <Send className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />} {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent width="xl">
          <DialogHeader>
            <DialogTitle>{resend ? "Resend Invoice" : "Preview & Send"}</DialogTitle>
            <DialogDescription>
              To {preview.to}: “{preview.subject}”, with {preview.attachmentName} attached.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            <iframe title="E-mail preview" srcDoc={preview.html} sandbox="" className="h-80 w-full rounded-md border bg-white" />
            <object data={`/admin/invoices/${invoiceId}/pdf?inline=1`} type="application/pdf" aria-label="PDF preview" className="h-96 w-full rounded-md border">
              <p className="p-4 text-sm">
                <a className="underline" href={`/admin/invoices/${invoiceId}/pdf`}>
                  Open the PDF
                </a>
              </p>
            </object>
          </div>
          <fetcher.Form method="post" noValidate>
            <input type="hidden" name="intent" value="send-invoice" />
            <DialogFooter>
              <Button type="submit" disabled={busy}>
                <Send className="size-4" aria-hidden="true" /> {resend ? "Resend Invoice" : "Send Invoice"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
