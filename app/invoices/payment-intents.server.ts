import { parseForm, type IntentHandler } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";
import { paymentIdSchema, paymentSchema } from "./invoice-forms";
import { deletePayment } from "./delete-payment.server";
import { recordPayment } from "./record-payment.server";

/** The invoice's payments, on its editor: recorded by hand, or removed. */
export function paymentIntents({ actor, invoiceId, here }: InvoiceEditorContext): Record<string, IntentHandler> {
  return {
    "record-payment": async (form) => {
      await recordPayment({ actor, invoiceId: invoiceId(), input: parseForm(paymentSchema, form) });
      return redirectWithToast(here, { type: "success", title: "Payment recorded" });
    },
    "delete-payment": async (form) => {
      const { paymentId } = parseForm(paymentIdSchema, form);
      await deletePayment({ actor, invoiceId: invoiceId(), paymentId });
      return redirectWithToast(here, { type: "success", title: "Payment removed" });
    },
  };
}
