import { parseForm, type IntentHandler } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";
import { editorChange } from "./invoice-editor-change.server";
import { invoiceDetailsSchema } from "./invoice-forms";
import { issueNewInvoiceLink, revokeInvoiceLink } from "./invoice-link.server";
import { sendAndAnswer } from "./invoice-list-actions.server";
import { reopenInvoice } from "./reopen-invoice.server";
import { updateInvoiceDetails } from "./update-invoice-details.server";

/** The invoice as a whole, on its editor: its details, sending it, reopening a paid one, the client's link. */
export function invoiceIntents(context: InvoiceEditorContext): Record<string, IntentHandler> {
  const { actor, invoiceId, here } = context;
  return {
    "save-details": editorChange(context, (form) => ({ input: parseForm(invoiceDetailsSchema, form) }), updateInvoiceDetails, "Invoice updated successfully"),
    "send-invoice": async () => sendAndAnswer(actor, invoiceId(), here),
    reopen: editorChange(context, () => ({}), reopenInvoice, "Invoice reopened for changes"),
    "revoke-link": async () => {
      await revokeInvoiceLink(actor, invoiceId());
      return redirectWithToast(here, { type: "success", title: "Client link revoked", description: "The old link no longer opens the invoice." });
    },
    "new-link": async () => {
      await issueNewInvoiceLink(actor, invoiceId());
      return redirectWithToast(here, { type: "success", title: "New client link issued", description: "The old link no longer opens the invoice." });
    },
  };
}
