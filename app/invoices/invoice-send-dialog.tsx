import Eye from "lucide-react/icons/eye";
import Send from "lucide-react/icons/send";
import { FormDialog } from "~/forms/form-dialog";
import { Button } from "~/ui/button";

export type InvoiceEmailPreview = { to: string; subject: string; html: string; attachmentName: string };

/**
 * 'Preview & Send' / 'Resend': the e-mail as the client will get it (rendered in a sandboxed frame)
 * and the PDF it carries, then Send. Sending answers 'Invoice sent successfully' or 'Failed to send invoice'.
 */
export function InvoiceSendDialog({ invoiceId, preview, resend }: { invoiceId: string; preview: InvoiceEmailPreview; resend: boolean }) {
  return (
    <FormDialog
      trigger={
        <Button variant={resend ? "outline" : "default"}>
          {resend ? <Send className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />} {resend ? "Resend" : "Preview & Send"}
        </Button>
      }
      title={resend ? "Resend Invoice" : "Preview & Send"}
      description={`To ${preview.to}: “${preview.subject}”, with ${preview.attachmentName} attached.`}
      intent="send-invoice"
      submitLabel={resend ? "Resend Invoice" : "Send Invoice"}
      width="xl"
    >
      {() => (
        <>
          <iframe title="E-mail preview" srcDoc={preview.html} sandbox="" className="h-80 w-full rounded-md border bg-white" />
          <object data={`/admin/invoices/${invoiceId}/pdf?inline=1`} type="application/pdf" aria-label="PDF preview" className="h-96 w-full rounded-md border">
            <p className="p-4 text-sm">
              <a className="underline" href={`/admin/invoices/${invoiceId}/pdf`}>
                Open the PDF
              </a>
            </p>
          </object>
        </>
      )}
    </FormDialog>
  );
}
