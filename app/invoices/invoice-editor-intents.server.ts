import { parseForm, type IntentHandler } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";
import { invoiceDetailsSchema } from "./invoice-forms";
import { issueNewInvoiceLink, revokeInvoiceLink } from "./invoice-link.server";
import { sendAndAnswer } from "./invoice-list-actions.server";
import { reopenInvoice } from "./reopen-invoice.server";
import { updateInvoiceDetails } from "./update-invoice-details.server";

/** The invoice as a whole, on its editor: its details, sending it, reopening a paid one, the client's link. */
export function invoiceIntents({ actor, invoiceId, here }: InvoiceEditorContext): Record<string, IntentHandler> {
  return {
    "save-details": async (form) => {
      await updateInvoiceDetails({ actor, invoiceId: invoiceId(), input: parseForm(invoiceDetailsSchema, form) });
      return redirectWithToast(here, { type: "success", title: "Invoice updated successfully" });
    },
    "send-invoice": async () => sendAndAnswer(actor, invoiceId(), here),
    reopen: async () => {
      await reopenInvoice({ actor, invoiceId: invoiceId() });
      return redirectWithToast(here, { type: "success", title: "Invoice reopened for changes" });
    },
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
