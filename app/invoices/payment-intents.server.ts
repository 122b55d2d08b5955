import { parseForm, type IntentHandler } from "~/forms/form-action.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";
import { editorChange } from "./invoice-editor-change.server";
import { paymentIdSchema, paymentSchema } from "./invoice-forms";
import { deletePayment } from "./delete-payment.server";
import { recordPayment } from "./record-payment.server";

/** The invoice's payments, on its editor: recorded by hand, or removed. */
export function paymentIntents(context: InvoiceEditorContext): Record<string, IntentHandler> {
  return {
    "record-payment": editorChange(context, (form) => ({ input: parseForm(paymentSchema, form) }), recordPayment, "Payment recorded"),
    "delete-payment": editorChange(context, (form) => parseForm(paymentIdSchema, form), deletePayment, "Payment removed"),
  };
}
